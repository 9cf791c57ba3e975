import { PATHS, PRODUCT_NAME } from '@spacecapture/shared/paths';
import { SITE } from '../../config/site.ts';
import { AppLink } from '../ui/app-link.tsx';
import { CubeIcon, ExternalLinkIcon, MailIcon, MapPinIcon, PhoneIcon } from '../ui/icons.tsx';
import styles from './site-footer.module.css';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalLinkIcon size={14} />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.grid}>
          <div className={styles.about}>
            <AppLink to={PATHS.home} className={styles.brand}>
              <span className={styles.logo}>
                <CubeIcon size={22} />
              </span>
              {PRODUCT_NAME}
            </AppLink>
            <p className={styles.tagline}>
              Capture Any Space. Without Owning Hardware. Certified providers deliver 3D models, virtual tours, digital
              twins, floor plans and point clouds.
            </p>
          </div>
          <nav aria-labelledby="footer-solutions">
            <h2 id="footer-solutions" className={styles.heading}>
              Solutions
            </h2>
            <ul className={styles.list}>
              <li>
                <AppLink to={PATHS.services}>Services</AppLink>
              </li>
              <li>
                <AppLink to={PATHS.request}>Request Capture</AppLink>
              </li>
              <li>
                <AppLink to={PATHS.quoteEstimator}>Quote Estimator</AppLink>
              </li>
              <li>
                <ExternalLink href={SITE.spacePlatformUrl}>Space Platform</ExternalLink>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-portals">
            <h2 id="footer-portals" className={styles.heading}>
              Portals
            </h2>
            <ul className={styles.list}>
              <li>
                <AppLink to={`${PATHS.auth}?intent=customer`}>Customer Portal</AppLink>
              </li>
              <li>
                <AppLink to={`${PATHS.auth}?intent=provider`}>Provider Portal</AppLink>
              </li>
              <li>
                <AppLink to={`${PATHS.auth}?intent=admin`}>Admin Login</AppLink>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-resources">
            <h2 id="footer-resources" className={styles.heading}>
              Resources
            </h2>
            <ul className={styles.list}>
              <li>
                <AppLink to={PATHS.about}>About Us</AppLink>
              </li>
              <li>
                <AppLink to={PATHS.faq}>FAQ</AppLink>
              </li>
              <li>
                <AppLink to={PATHS.provider}>Become a Provider</AppLink>
              </li>
              <li>
                <ExternalLink href={SITE.hardwareUrl}>Capture Hardware</ExternalLink>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className={styles.heading}>Contact</h2>
            <ul className={styles.list}>
              <li className={styles.contactItem}>
                <MailIcon size={16} />
                <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
              </li>
              <li className={styles.contactItem}>
                <PhoneIcon size={16} />
                <a href={SITE.phoneHref}>{SITE.phoneDisplay}</a>
              </li>
              <li className={styles.contactItem}>
                <MapPinIcon size={16} />
                <span>
                  {SITE.address.city}, {SITE.address.country}
                </span>
              </li>
              <li>
                <AppLink to={PATHS.contact}>Contact Us</AppLink>
              </li>
            </ul>
          </div>
        </div>
        <div className={styles.bottom}>
          <p>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <div className={styles.legal}>
            <AppLink to={PATHS.privacy}>Privacy Policy</AppLink>
            <AppLink to={PATHS.terms}>Terms of Service</AppLink>
          </div>
        </div>
      </div>
    </footer>
  );
}
