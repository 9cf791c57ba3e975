import { type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TPortalSectionProps = {
  /** The section's h2. */
  title: string;
  gap?: MantineSpacing;
  children: ReactNode;
};

/** A titled card of a portal page: the frame every list, detail and settings section shares. */
export function PortalSection({ title, gap = 'md', children }: TPortalSectionProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap={gap}>
        <Title order={2} fz={20}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
