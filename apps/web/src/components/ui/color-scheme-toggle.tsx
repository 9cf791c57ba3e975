import { toggleColorScheme, useColorScheme } from '../../lib/color-scheme.ts';
import styles from './color-scheme-toggle.module.css';
import { MoonIcon, SunIcon } from './icons.tsx';

/** The header's dark mode switch (public site and portals): pressed while the dark scheme shows. */
export function ColorSchemeToggle() {
  const dark = useColorScheme() === 'dark';
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-label="Dark mode"
      aria-pressed={dark}
      title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={toggleColorScheme}
    >
      {dark ? <SunIcon size={20} /> : <MoonIcon size={20} />}
    </button>
  );
}
