import type { ReactNode } from 'react';
import styles from './page-hero.module.css';

type TPageHeroProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  actions?: ReactNode;
};

/** The dark band at the top of a page, holding the page's single h1. */
export function PageHero({ title, subtitle, eyebrow, actions }: TPageHeroProps) {
  return (
    <section className={styles.hero}>
      <div className={styles.container}>
        <div className={styles.center}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      </div>
    </section>
  );
}
