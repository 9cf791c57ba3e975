import { PATHS } from '@spacecapture/shared/paths';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import styles from './landing.module.css';

export function ClosingCta() {
  return (
    <section className={styles.cta} aria-labelledby="closing-cta-title">
      <div className={styles.ctaInner}>
        <h2 id="closing-cta-title" className={styles.ctaTitle}>
          Ready to capture your space?
        </h2>
        <p className={styles.ctaText}>
          Tell us what you need and get a quote from our team, or estimate the price yourself in seconds.
        </p>
        <div className={styles.ctaActions}>
          <ButtonLink to={PATHS.request} variant="accent" size="lg">
            Request Capture
            <ArrowRightIcon size={18} />
          </ButtonLink>
          <ButtonLink to={PATHS.quoteEstimator} variant="ghostLight" size="lg">
            Get a Quote Estimate
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
