import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import type { ComponentType } from 'react';
import type { TIconProps } from '../../../components/ui/icons.tsx';
import { Section } from '../../../components/ui/section.tsx';
import styles from './landing.module.css';
import { BadgeCheckIcon, ClockIcon, GlobeIcon, HandshakeIcon, LockIcon, ShieldCheckIcon } from './landing-icons.tsx';

type TReason = { title: string; text: string; icon: ComponentType<TIconProps> };

const REASONS: readonly TReason[] = [
  {
    title: 'Certified Providers',
    text: 'Every provider is reviewed and captures with official PRO, MINION, META or MEGA devices.',
    icon: BadgeCheckIcon,
  },
  {
    title: 'Fast Turnaround',
    text: 'Processing takes 24-72 hours after capture, with rush options when you need results sooner.',
    icon: ClockIcon,
  },
  {
    title: 'Quality Assurance',
    text: 'Each deliverable is checked before it reaches you, so models, tours and plans are right the first time.',
    icon: ShieldCheckIcon,
  },
  {
    title: 'Hassle-Free',
    text: 'No hardware to buy and no software to learn: one request, one quote, one provider, one delivery.',
    icon: HandshakeIcon,
  },
  {
    title: 'Secure Delivery',
    text: 'Deliverables are stored privately and shared through your portal with signed, expiring links.',
    icon: LockIcon,
  },
  {
    title: 'Global Network',
    text: 'Providers in a growing number of regions, so a certified professional is never far from your space.',
    icon: GlobeIcon,
  },
];

export function WhyChoose() {
  return (
    <Section
      tone="tinted"
      eyebrow="Why Us"
      title={`Why Choose ${PRODUCT_NAME}`}
      intro="Professional 3D capture without the cost and learning curve of owning the equipment."
    >
      <ul className={`${styles.cards} ${styles.cardList}`}>
        {REASONS.map(({ title, text, icon: Icon }) => (
          <li key={title} className={styles.card}>
            <span className={`${styles.cardIcon} ${styles.cardIconAccent}`}>
              <Icon />
            </span>
            <h3 className={styles.cardTitle}>{title}</h3>
            <p className={styles.cardText}>{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
