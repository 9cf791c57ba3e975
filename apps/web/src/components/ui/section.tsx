import { type ReactNode, useId } from 'react';
import styles from './section.module.css';

type TSectionProps = {
  title?: string;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: 'white' | 'surface' | 'tinted';
  narrow?: boolean;
  children: ReactNode;
};

/** A page section: a centred container with an optional heading block, labelled by its title. */
export function Section({ title, eyebrow, intro, tone = 'white', narrow = false, children }: TSectionProps) {
  const titleId = useId();
  const toneClass = tone === 'white' ? '' : styles[tone];
  return (
    <section
      className={[styles.section, toneClass].filter(Boolean).join(' ')}
      aria-labelledby={title ? titleId : undefined}
    >
      <div className={narrow ? `${styles.container} ${styles.narrow}` : styles.container}>
        {title ? (
          <div className={styles.header}>
            {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {intro ? <p className={styles.intro}>{intro}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
