import { PATHS } from '@spacecapture/shared/paths';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import styles from './services-catalogue.module.css';

type TServiceCardProps = {
  name: string;
  description: string;
  tagsLabel: string;
  tags: readonly string[];
  variant: 'deliverables' | 'devices';
  turnaround: string;
  pricing: string;
};

export function ServiceCard({ name, description, tagsLabel, tags, variant, turnaround, pricing }: TServiceCardProps) {
  return (
    <li className={styles.card}>
      <h2 className={styles.cardTitle}>{name}</h2>
      <p className={styles.cardText}>{description}</p>
      <p className={styles.tagsLabel}>{tagsLabel}</p>
      <ul className={variant === 'devices' ? `${styles.tags} ${styles.deviceTags}` : styles.tags}>
        {tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <div>
          <dt>Turnaround</dt>
          <dd>{turnaround}</dd>
        </div>
        <div>
          <dt>Pricing</dt>
          <dd>{pricing}</dd>
        </div>
      </dl>
      <div className={styles.cardAction}>
        <ButtonLink to={PATHS.request} fullWidth>
          Request Service
          <span className="visually-hidden">: {name}</span>
        </ButtonLink>
      </div>
    </li>
  );
}
