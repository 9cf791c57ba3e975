import { PATHS } from '@spacecapture/shared/paths';
import scanIllustrationUrl from '../../../assets/scan-illustration.svg?no-inline';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import styles from './landing.module.css';
import { CheckCircleIcon, SparklesIcon } from './landing-icons.tsx';

export function LandingHero() {
  return (
    <section className={styles.hero} aria-labelledby="landing-title">
      <div className={styles.heroGrid} />
      <div className={styles.heroInner}>
        <div>
          <p className={styles.badge}>
            <SparklesIcon size={16} />
            3D capture on demand, by certified providers
          </p>
          <h1 id="landing-title" className={styles.heroTitle}>
            Capture Any Space. <span className={styles.heroTitleAccent}>Without Owning Hardware.</span>
          </h1>
          <p className={styles.heroText}>
            Order 3D models, virtual tours, digital twins, floor plans and point clouds of any space. We match you with
            a certified provider nearby and deliver the results securely online.
          </p>
          <div className={styles.heroActions}>
            <ButtonLink to={PATHS.request} variant="accent" size="lg">
              Request Capture
              <ArrowRightIcon size={18} />
            </ButtonLink>
            <ButtonLink to={PATHS.provider} variant="ghostLight" size="lg">
              Become a Provider
            </ButtonLink>
          </div>
          <ul className={styles.heroStats}>
            <li>
              <strong>24-72 h</strong>
              <span>processing after capture</span>
            </li>
            <li>
              <strong>4 devices</strong>
              <span>PRO, MINION, META, MEGA</span>
            </li>
            <li>
              <strong>6 formats</strong>
              <span>OBJ/FBX, E57/PLY, HTML, PDF</span>
            </li>
          </ul>
        </div>
        <div className={styles.visual}>
          <img
            src={scanIllustrationUrl}
            width={400}
            height={340}
            alt="A 3D capture of a room: walls, floor and scanned points"
            className={styles.visualImage}
          />
          <span className={`${styles.visualTag} ${styles.tagTop}`}>
            <CheckCircleIcon />
            Point cloud ready
          </span>
          <span className={`${styles.visualTag} ${styles.tagBottom}`}>
            <CheckCircleIcon />
            Virtual tour delivered
          </span>
        </div>
      </div>
    </section>
  );
}
