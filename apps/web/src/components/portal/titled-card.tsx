import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A card of a settings page (the account's security, sessions, notifications): a section named by
 * its heading, with a line under the heading; what the card holds follows in a stack.
 */
export function TitledCard({
  id,
  headingId,
  title,
  description,
  children,
}: {
  /** The section's own id, for links to it (#security). */
  id?: string;
  headingId: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" id={id} aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz={20} id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
