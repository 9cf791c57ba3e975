import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled fact of a detail view (an order's location, an e-mail's recipient…). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}
