import { PATHS } from '@spacecapture/shared/paths';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../ui/app-link.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { ColorSchemeToggle } from '../ui/color-scheme-toggle.tsx';
import { CloseIcon, CubeIcon, MenuIcon } from '../ui/icons.tsx';
import styles from './site-header.module.css';

const NAV_LINKS = [
  { to: PATHS.services, label: 'Services' },
  { to: PATHS.about, label: 'About' },
  { to: PATHS.faq, label: 'FAQ' },
  { to: PATHS.contact, label: 'Contact' },
] as const;

const MOBILE_QUERY = '(max-width: 767px)';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used inside.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const media = window.matchMedia(MOBILE_QUERY);
    const closeOnDesktop = () => {
      if (!media.matches) setMenuOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    media.addEventListener('change', closeOnDesktop);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      media.removeEventListener('change', closeOnDesktop);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <AppLink to={PATHS.home} className={styles.brand}>
          <span className={styles.logo}>
            <CubeIcon size={22} />
          </span>
          <span>
            Space<span className={styles.brandAccent}>Capture</span>
          </span>
        </AppLink>
        <nav
          id="site-navigation"
          aria-label="Main"
          className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}
        >
          <ul className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className={styles.link} markCurrent>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <ButtonLink to={PATHS.provider} variant="outline">
              Become a Provider
            </ButtonLink>
            <ButtonLink to={PATHS.request}>Request Capture</ButtonLink>
          </div>
        </nav>
        <div className={styles.tools}>
          <ColorSchemeToggle />
          <button
            type="button"
            className={styles.toggle}
            aria-label="Toggle menu"
            aria-expanded={menuOpen}
            aria-controls="site-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
