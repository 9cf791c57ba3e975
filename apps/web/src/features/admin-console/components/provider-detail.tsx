import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TAdminProviderDetail } from '@spacecapture/shared/contracts/admin-console/organizations';
import { formatDate } from '@spacecapture/shared/format';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { Fact } from '../../../components/portal/fact.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { ReadinessChecklist } from '../../../components/portal/readiness-checklist.tsx';
import { RecordFrame } from '../../../components/portal/record-frame.tsx';
import { useProvider } from '../api/get-provider.ts';
import { useProviderReadiness } from '../api/get-provider-readiness.ts';
import { formatRate, regionsOf } from '../utils/format.ts';
import { CertificationsReview } from './certifications-review.tsx';
import { ConsoleStatusBadge } from './console-status-badge.tsx';
import { MembersTable } from './members-table.tsx';

function DevicesTable({ devices }: { devices: TAdminProviderDetail['provider']['devices'] }) {
  if (devices.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No devices yet.
      </Text>
    );
  }
  return (
    <DataTable label="Devices" minWidth={520} verticalSpacing="xs" columns={['Model', 'Serial', 'Capabilities']}>
      {devices.map((device) => (
        <Table.Tr key={device.id}>
          <Table.Td>{device.model}</Table.Td>
          <Table.Td>{device.serial}</Table.Td>
          <Table.Td>{device.capabilities.join(', ') || '—'}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/**
 * The provider's checklist as the admin reads it (decision 200): a pending certification is verified
 * below; the rest the provider sets in its own portal.
 */
function ProviderReadiness({ id }: { id: string }) {
  const readiness = useProviderReadiness(id);
  if (!readiness.data) return null;
  return (
    <ReadinessChecklist
      readiness={readiness.data}
      fixOf={(item) => (
        <Text size="sm">
          {item.key === 'certification'
            ? 'A pending certification is verified under Certifications below.'
            : 'The provider sets this in its portal; it sees the same checklist on its dashboard.'}
        </Text>
      )}
    />
  );
}

/** One provider organisation (?provider=<id>): figures, members, devices, certifications to review. */
export function ProviderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useProvider(id);

  const body = (
    <RecordState query={query} what="the provider">
      {(data) => {
        const { provider, members } = data;
        const { offers } = provider;
        return (
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Group gap="sm">
                  <Title order={2} fz={20}>
                    {provider.name}
                  </Title>
                  <ConsoleStatusBadge status={provider.status} />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
                  <Fact label="Members">{provider.membersCount}</Fact>
                  <Fact label="Regions">{regionsOf(provider).join(', ') || 'n/a'}</Fact>
                  <Fact label="Created">{formatDate(provider.createdAt)}</Fact>
                  <Fact label="Offers">
                    {offers.offers} ({offers.accepted} accepted, {offers.declined} declined, {offers.expired} expired)
                  </Fact>
                  <Fact label="Acceptance rate">{formatRate(offers.acceptanceRate)}</Fact>
                </SimpleGrid>
              </Stack>
            </Paper>
            <PortalSection title="Readiness for jobs">
              <ProviderReadiness id={provider.id} />
            </PortalSection>
            <PortalSection title="Certifications">
              <CertificationsReview certifications={provider.certifications} />
            </PortalSection>
            <PortalSection title="Devices">
              <DevicesTable devices={provider.devices} />
            </PortalSection>
            <PortalSection title="Members">
              <MembersTable members={members} />
            </PortalSection>
          </Stack>
        );
      }}
    </RecordState>
  );

  return <RecordFrame onBack={onBack}>{body}</RecordFrame>;
}
