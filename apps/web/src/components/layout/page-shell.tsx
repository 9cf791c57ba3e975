import type { ReactNode } from 'react';
import styles from './page-shell.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The public chrome: skip link, sticky header, the page's main landmark and the footer. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className={styles.skipLink} href="#main-content">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
