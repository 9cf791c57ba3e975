import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { TCertification } from '@spacecapture/shared/contracts/provider-portal';
import { formatDate } from '@spacecapture/shared/format';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { ProviderAdminPanel } from '../../../components/portal/provider-admin-panel.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { useCertifications } from '../api/get-certifications.ts';
import { CertificationForm } from './certification-form.tsx';

/** A calendar date stored as an instant at the end of that day in UTC: shown as that day everywhere. */
function formatCalendarDate(iso: string): string {
  return formatDate(iso, 'UTC');
}

const STATUS_COLORS: Record<TCertification['status'], string> = {
  pending: 'yellow',
  active: 'teal',
  rejected: 'red',
  expired: 'gray',
};

/** Expired by status, or by an expiry date already past. */
export function isExpired(certification: Pick<TCertification, 'status' | 'expiry'>, now: number) {
  return (
    certification.status === 'expired' ||
    (certification.expiry !== null && new Date(certification.expiry).getTime() <= now)
  );
}

/** Certification (spec 001 §2): scope, status, regions, expiry; a provider admin submits new ones. */
export function Certifications() {
  const profile = useProfile();
  const canSubmit = profile.role === 'provider_admin';
  const certifications = useCertifications();
  const items = certifications.data?.items ?? [];
  const now = Date.now();

  return (
    <Stack gap="lg">
      <ListState query={certifications} count={items.length} what="certifications" empty="No certifications yet.">
        <DataTable
          label="Certifications"
          minWidth={640}
          striped
          columns={['Scope', 'Status', 'Regions', 'Expiry', 'Submitted']}
        >
          {items.map((certification) => {
            const expired = isExpired(certification, now);
            return (
              <Table.Tr key={certification.id} data-testid="certification-row">
                <Table.Td fw={600}>{certification.scope}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[certification.status]} variant="light" radius="sm">
                    {certification.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{certification.regions.join(', ') || '—'}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">
                      {certification.expiry ? formatCalendarDate(certification.expiry) : 'No expiry'}
                    </Text>
                    {expired ? (
                      <Badge color="red" variant="filled" radius="sm" size="sm">
                        Expired
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{formatDate(certification.createdAt)}</Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </ListState>
      <ProviderAdminPanel canManage={canSubmit} title="Submit a certification">
        <CertificationForm />
      </ProviderAdminPanel>
    </Stack>
  );
}
