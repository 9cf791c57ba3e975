import type { ReactNode } from 'react';
import { AppLink } from '../ui/app-link.tsx';
import { ArrowLeftIcon } from '../ui/icons.tsx';
import styles from './form-page.module.css';

type TFormPageProps = {
  title: string;
  subtitle?: ReactNode;
  /** Shows a "Back to Home" link above the title. */
  backLink?: boolean;
  wide?: boolean;
  centered?: boolean;
  children: ReactNode;
};

/** The frame of a form page: light background, the page's h1 and its intro. */
export function FormPage({
  title,
  subtitle,
  backLink = false,
  wide = false,
  centered = false,
  children,
}: TFormPageProps) {
  return (
    <div className={styles.page}>
      <div className={wide ? `${styles.container} ${styles.wide}` : styles.container}>
        {backLink ? (
          <AppLink to="/" className={styles.back}>
            <ArrowLeftIcon size={18} />
            Back to Home
          </AppLink>
        ) : null}
        <header className={centered ? `${styles.header} ${styles.centered}` : styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </header>
        {children}
      </div>
    </div>
  );
}
