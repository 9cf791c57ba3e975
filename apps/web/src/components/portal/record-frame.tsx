import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** One record opened from a list (an order, a customer, a provider): Back to the list above it. */
export function RecordFrame({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Group>
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
      {children}
    </Stack>
  );
}
