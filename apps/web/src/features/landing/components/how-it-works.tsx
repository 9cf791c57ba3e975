import { PATHS } from '@spacecapture/shared/paths';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Section } from '../../../components/ui/section.tsx';
import styles from './landing.module.css';
import { CameraIcon, UsersIcon } from './landing-icons.tsx';

const CUSTOMER_STEPS = [
  {
    title: 'Request Capture',
    text: 'Tell us about your space, the deliverables you need and your timeline. It takes two minutes.',
  },
  {
    title: 'Get Matched',
    text: 'We review your request, send a quote and assign a certified provider near your location.',
  },
  {
    title: 'Receive Results',
    text: 'Your provider captures the space and you download 3D models, tours and plans from your portal.',
  },
] as const;

const PROVIDER_STEPS = [
  {
    title: 'Join Network',
    text: 'Apply with your capture device and experience. We review every application and onboard you.',
  },
  {
    title: 'Accept Projects',
    text: 'Receive job offers in your regions, accept the ones that fit and schedule the capture.',
  },
  {
    title: 'Grow Business',
    text: 'Upload deliverables, get paid for every completed job and build a steady stream of work.',
  },
] as const;

export function HowItWorks() {
  return (
    <Section
      tone="surface"
      eyebrow="How It Works"
      title="Simple for customers, rewarding for providers"
      intro="One managed marketplace: we handle matching, quality checks and delivery so every capture goes smoothly."
    >
      <div className={styles.flows}>
        <article className={styles.flow} aria-labelledby="flow-customers">
          <div className={styles.flowHeader}>
            <span className={styles.flowIcon}>
              <UsersIcon />
            </span>
            <h3 id="flow-customers" className={styles.flowTitle}>
              For Customers
            </h3>
          </div>
          <ol className={styles.steps}>
            {CUSTOMER_STEPS.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h4 className={styles.stepTitle}>{step.title}</h4>
                  <p className={styles.stepText}>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className={styles.flowAction}>
            <ButtonLink to={PATHS.request}>Request Capture</ButtonLink>
          </div>
        </article>
        <article className={styles.flow} aria-labelledby="flow-providers">
          <div className={styles.flowHeader}>
            <span className={`${styles.flowIcon} ${styles.flowIconAccent}`}>
              <CameraIcon />
            </span>
            <h3 id="flow-providers" className={styles.flowTitle}>
              For Providers
            </h3>
          </div>
          <ol className={styles.steps}>
            {PROVIDER_STEPS.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={`${styles.stepNumber} ${styles.stepNumberAccent}`} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h4 className={styles.stepTitle}>{step.title}</h4>
                  <p className={styles.stepText}>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className={styles.flowAction}>
            <ButtonLink to={PATHS.provider} variant="outline">
              Become a Provider
            </ButtonLink>
          </div>
        </article>
      </div>
    </Section>
  );
}
