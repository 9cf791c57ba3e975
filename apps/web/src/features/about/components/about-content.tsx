import { PATHS, PRODUCT_NAME } from '@spacecapture/shared/paths';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { CameraIcon, CheckCircleIcon } from '../../../components/ui/marketing-icons.tsx';
import { Section } from '../../../components/ui/section.tsx';
import styles from './about.module.css';

const VALUES = [
  { title: 'Access over ownership', text: 'Professional results without buying or learning capture hardware.' },
  { title: 'Quality you can rely on', text: 'Certified providers, official devices and a review of every delivery.' },
  { title: 'Fair work for providers', text: 'Steady, well-specified jobs and prompt payment for every capture.' },
] as const;

const PROCESS = [
  {
    title: 'Request & Requirements',
    text: 'You describe the space, its size and location, the deliverables you need and your timeline. Our team reviews the request, clarifies details and sends you a quote.',
  },
  {
    title: 'Match & Capture',
    text: 'Once you accept the quote, we assign a certified provider who covers your area and owns the right device. They schedule a visit and capture the space on site.',
  },
  {
    title: 'Delivery & Access',
    text: 'The capture is processed in 24-72 hours and checked for quality. You download your models, tours, plans and point clouds from your secure customer portal.',
  },
] as const;

export function AboutMission() {
  return (
    <Section eyebrow="Our Mission" title="Make every space accessible in 3D">
      <div className={styles.mission}>
        <div>
          <p className={styles.lead}>
            {PRODUCT_NAME} exists so that anyone who needs a space captured in 3D can get it done professionally,
            without owning hardware or hiring a specialist team.
          </p>
          <p className={styles.body}>
            Estate agents, insurers, architects, retailers, museums and event planners rely on accurate digital copies
            of physical spaces. We connect them with a network of certified providers who own the vendor's capture
            devices, and we manage everything in between: requirements, quotes, scheduling, quality checks and secure
            delivery.
          </p>
          <p className={styles.body}>
            For providers, we are a dependable source of well-specified work in the regions they cover, with clear jobs
            and prompt payment.
          </p>
        </div>
        <ul className={styles.values}>
          {VALUES.map((value) => (
            <li key={value.title} className={styles.value}>
              <CheckCircleIcon />
              <div>
                <p className={styles.valueTitle}>{value.title}</p>
                <p className={styles.valueText}>{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

export function AboutProcess() {
  return (
    <Section
      tone="surface"
      eyebrow="Our Process"
      title="From request to results in three steps"
      intro="A managed process with one point of contact, from the first question to the final download."
    >
      <ol className={styles.steps}>
        {PROCESS.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <h3 className={styles.stepTitle}>{step.title}</h3>
            <p className={styles.stepText}>{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function AboutDevices() {
  return (
    <Section narrow>
      <div className={styles.devices}>
        <span className={styles.devicesIcon}>
          <CameraIcon size={32} />
        </span>
        <div>
          <h2 className={styles.devicesTitle}>Official devices only</h2>
          <p className={styles.devicesText}>
            Our providers use official devices PRO, MINION or META, so every capture meets the same standard of accuracy
            and every deliverable works with the same tools.
          </p>
          <ul className={styles.deviceList} aria-label="Official devices">
            <li>PRO</li>
            <li>MINION</li>
            <li>META</li>
          </ul>
        </div>
      </div>
    </Section>
  );
}

export function AboutGetStarted() {
  return (
    <Section title="Ready to see your space in 3D?" tone="tinted">
      <div className={styles.getStarted}>
        <p className={styles.getStartedText}>
          Tell us about your project and we will take it from there: a quote, a certified provider and your
          deliverables.
        </p>
        <ButtonLink to={PATHS.request} size="lg">
          Get Started
          <ArrowRightIcon size={18} />
        </ButtonLink>
      </div>
    </Section>
  );
}
