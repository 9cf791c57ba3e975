import type { ComponentType } from 'react';
import type { TIconProps } from '../../../components/ui/icons.tsx';
import { BriefcaseIcon, CalendarIcon, StarIcon, TrendingUpIcon } from '../../../components/ui/marketing-icons.tsx';
import { Section } from '../../../components/ui/section.tsx';
import styles from './provider-application.module.css';

type TBenefit = { title: string; text: string; icon: ComponentType<TIconProps> };

const BENEFITS: readonly TBenefit[] = [
  {
    title: 'Expand Your Business',
    text: 'Reach customers you would never find alone: estate agents, insurers, architects, retailers and venues.',
    icon: BriefcaseIcon,
  },
  {
    title: 'Maximize ROI',
    text: 'Keep your capture device busy with paid jobs and get paid typically within 14 days of acceptance.',
    icon: TrendingUpIcon,
  },
  {
    title: 'Quality Projects',
    text: 'Every job is reviewed and specified by our team before it reaches you, with clear deliverables.',
    icon: StarIcon,
  },
  {
    title: 'Flexible Schedule',
    text: 'Choose the regions you cover and accept only the jobs that fit your calendar.',
    icon: CalendarIcon,
  },
];

export function ProviderBenefits() {
  return (
    <Section
      eyebrow="Why Join"
      title="Benefits of joining our network"
      intro="Own a PRO, MINION, META or MEGA device? Turn it into a steady source of income."
    >
      <ul className={styles.benefits}>
        {BENEFITS.map(({ title, text, icon: Icon }) => (
          <li key={title} className={styles.benefit}>
            <span className={styles.benefitIcon}>
              <Icon />
            </span>
            <h3 className={styles.benefitTitle}>{title}</h3>
            <p className={styles.benefitText}>{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
