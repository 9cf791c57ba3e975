import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TAdminDashboard } from '@spacecapture/shared/contracts/admin-console/dashboard';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { useAttention } from '../api/get-attention.ts';

const COUNTS: readonly { key: keyof Omit<TAdminDashboard, 'generatedAt'>; label: string }[] = [
  { key: 'newLeads', label: 'New leads' },
  { key: 'applicationsToReview', label: 'Applications to review' },
  { key: 'quotesAwaitingCustomer', label: 'Quotes awaiting the customer' },
  { key: 'offersAboutToExpire', label: 'Offers about to expire' },
  { key: 'schedulesToConfirm', label: 'Schedules to confirm' },
  { key: 'overduePayouts', label: 'Overdue payouts' },
];

/** The dashboard's live counts of what needs an admin (GET /api/admin/dashboard). */
export function AttentionCounts() {
  const attention = useAttention();
  if (attention.isError) {
    return <QueryError error={attention.error} onRetry={() => attention.refetch()} what="the counts" />;
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" aria-label="Needs attention">
      {COUNTS.map((count) => (
        <Paper key={count.key} withBorder radius="lg" p="md" data-testid={`attention-${count.key}`}>
          <Text fz={28} fw={700} aria-live="polite">
            {attention.data ? attention.data[count.key] : '…'}
          </Text>
          <Text size="sm" c="dimmed">
            {count.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
