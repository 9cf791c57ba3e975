import { Text } from '@mantine/core';

/** One labelled fact of a card, left out when there is nothing to say. */
export function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span c="var(--color-muted)" size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
