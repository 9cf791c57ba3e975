import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import {
  CERTIFICATION_REVIEW_MESSAGES,
  type TAdminProvider,
} from '@spacecapture/shared/contracts/admin-console/organizations';
import { formatDate } from '@spacecapture/shared/format';
import { useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type TCertificationVerdict, useDecideCertification } from '../api/decide-certification.ts';
import { ConsoleStatusBadge } from './console-status-badge.tsx';

type TCertification = TAdminProvider['certifications'][number];

function ReviewButtons({ certification }: { certification: TCertification }) {
  const decide = useDecideCertification();
  const [confirmingReject, setConfirmingReject] = useState(false);

  function submit(verdict: TCertificationVerdict) {
    // The promise, not mutate's callbacks: the buttons leave the page once the certification is decided.
    decide.mutateAsync({ id: certification.id, verdict }).then(
      () => {
        setConfirmingReject(false);
        notifySuccess(
          verdict === 'verify' ? CERTIFICATION_REVIEW_MESSAGES.verified : CERTIFICATION_REVIEW_MESSAGES.rejected,
        );
      },
      (error: unknown) =>
        notifyError({
          title: CERTIFICATION_REVIEW_MESSAGES.failed.title,
          message: errorMessage(error, NETWORK_FALLBACK),
        }),
    );
  }

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        onClick={() => submit('verify')}
        loading={decide.isPending && decide.variables?.verdict === 'verify'}
        disabled={decide.isPending}
        aria-label={`Verify ${certification.scope}`}
      >
        Verify
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        onClick={() => setConfirmingReject(true)}
        disabled={decide.isPending}
        aria-label={`Reject ${certification.scope}`}
      >
        Reject
      </Button>
      <Modal
        opened={confirmingReject}
        onClose={() => setConfirmingReject(false)}
        title="Reject this certification?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {certification.scope} will be marked rejected. The provider can request a new certification afterwards.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmingReject(false)}>
              Keep pending
            </Button>
            <Button color="red" onClick={() => submit('reject')} loading={decide.isPending}>
              Reject
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** A provider's certifications, with Verify and Reject on the pending ones. */
export function CertificationsReview({ certifications }: { certifications: readonly TCertification[] }) {
  if (certifications.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No certifications yet.
      </Text>
    );
  }
  return (
    <DataTable
      label="Certifications"
      minWidth={640}
      verticalSpacing="xs"
      columns={['Scope', 'Status', 'Regions', 'Expiry', { hidden: 'Actions' }]}
    >
      {certifications.map((certification) => (
        <Table.Tr key={certification.id}>
          <Table.Td>{certification.scope}</Table.Td>
          <Table.Td>
            <ConsoleStatusBadge status={certification.status} />
          </Table.Td>
          <Table.Td>{certification.regions.join(', ') || 'n/a'}</Table.Td>
          <Table.Td>{certification.expiry ? formatDate(certification.expiry) : '—'}</Table.Td>
          <Table.Td>
            {certification.status === 'pending' ? <ReviewButtons certification={certification} /> : null}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
