import { PATHS } from '@spacecapture/shared/paths';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import styles from './services-catalogue.module.css';

export function ServicesCta() {
  return (
    <div className={styles.cta}>
      <div>
        <h2 className={styles.ctaTitle}>Not sure what you need?</h2>
        <p className={styles.ctaText}>
          Request a capture and our team will recommend the right deliverables, or estimate the price yourself.
        </p>
      </div>
      <div className={styles.ctaActions}>
        <ButtonLink to={PATHS.request} variant="accent" size="lg">
          Request Capture
        </ButtonLink>
        <ButtonLink to={PATHS.quoteEstimator} variant="ghostLight" size="lg">
          Get a Quote Estimate
        </ButtonLink>
      </div>
    </div>
  );
}
