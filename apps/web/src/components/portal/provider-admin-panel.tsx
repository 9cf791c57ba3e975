import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form the provider admin fills in (add a device, submit a certification), in a panel under its
 * title; anyone else reads that only a provider admin can make changes here.
 */
export function ProviderAdminPanel({
  canManage,
  title,
  children,
}: {
  canManage: boolean;
  title: string;
  children: ReactNode;
}) {
  if (!canManage) {
    return (
      <Text size="sm" c="dimmed">
        Only a provider admin of your organization can make changes here.
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz={18} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
