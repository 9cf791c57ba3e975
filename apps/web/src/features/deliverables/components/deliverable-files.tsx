import { Button, Group, Table, Text } from '@mantine/core';
import type { TCustomerDeliverable } from '@spacecapture/shared/contracts/customer-portal';
import { DELIVERABLE_TYPE_LABELS } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime } from '@spacecapture/shared/format';
import { deliverableViewerPath } from '@spacecapture/shared/portal-paths';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { FileNameWithVersion } from '../../../components/ui/file-name-with-version.tsx';
import { FileThumbnail } from '../../../components/ui/file-thumbnail.tsx';
import { DownloadButton } from './download-button.tsx';

/**
 * One order's files: name (with its version once revised, and "Superseded" when a later version
 * exists: still downloadable), type, size, when delivered, View (in the browser) and Download.
 */
export function DeliverableFiles({ files, label }: { files: readonly TCustomerDeliverable[]; label: string }) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No files delivered yet.
      </Text>
    );
  }
  return (
    <DataTable
      label={label}
      minWidth={560}
      verticalSpacing="xs"
      columns={['File', 'Type', 'Size', 'Delivered', { hidden: 'Actions' }]}
    >
      {files.map((file) => (
        <Table.Tr key={file.id}>
          <Table.Td style={{ wordBreak: 'break-all' }}>
            <Group gap="sm" wrap="nowrap">
              <FileThumbnail fileName={file.fileName} thumbnailUrl={file.thumbnailUrl} />
              <FileNameWithVersion fileName={file.fileName} version={file.version} superseded={file.superseded} />
            </Group>
          </Table.Td>
          <Table.Td>{DELIVERABLE_TYPE_LABELS[file.type] ?? file.type}</Table.Td>
          <Table.Td>{formatFileSize(file.size)}</Table.Td>
          <Table.Td>{formatDateTime(file.deliveredAt)}</Table.Td>
          <Table.Td ta="right">
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button
                component={AppLink}
                to={deliverableViewerPath('customer', file.orderId, file.id)}
                size="xs"
                variant="subtle"
                aria-label={`View ${file.fileName}`}
              >
                View
              </Button>
              <DownloadButton file={file} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
