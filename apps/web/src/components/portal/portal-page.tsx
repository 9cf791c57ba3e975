import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TPortalPageProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of a portal page: its h1 (the spec's title), an intro and the content. */
export function PortalPage({ title, description, actions, children }: TPortalPageProps) {
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          {/* Focusable from script only: where focus goes when the control that had it is gone. */}
          <Title order={1} fz={{ base: 24, sm: 28 }} c="var(--color-heading)" tabIndex={-1} data-page-title>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
