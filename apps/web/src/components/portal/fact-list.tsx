import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import styles from './fact-list.module.css';

/** Labelled facts in a row that wraps, as a description list (a quote's SLA, an invoice's date…). */
export function FactList({ facts }: { facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {fact.label}
          </Text>
          <Text component="dd">{fact.value}</Text>
        </div>
      ))}
    </dl>
  );
}
