import { Badge, Table, Text } from '@mantine/core';
import type { TReviewFile } from '@spacecapture/shared/contracts/order-review';
import { DELIVERABLE_TYPE_LABELS } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime } from '@spacecapture/shared/format';
import { DataTable } from '../../../components/portal/data-table.tsx';

/** Every file of the order with its version and round; earlier versions marked "Superseded". */
export function ReviewVersions({ files }: { files: readonly TReviewFile[] }) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No files uploaded yet.
      </Text>
    );
  }
  return (
    <DataTable
      label="File versions"
      minWidth={560}
      verticalSpacing="xs"
      columns={['File', 'Version', 'Round', 'Type', 'Size', 'Uploaded']}
    >
      {files.map((file) => (
        <Table.Tr key={file.id}>
          <Table.Td style={{ wordBreak: 'break-all' }}>{file.fileName}</Table.Td>
          <Table.Td>
            {file.version}{' '}
            {file.superseded ? (
              <Badge color="gray" variant="light" radius="sm" size="sm">
                Superseded
              </Badge>
            ) : null}
          </Table.Td>
          <Table.Td>{file.round}</Table.Td>
          <Table.Td>{DELIVERABLE_TYPE_LABELS[file.type] ?? file.type}</Table.Td>
          <Table.Td>{formatFileSize(file.size)}</Table.Td>
          <Table.Td>{formatDateTime(file.uploadedAt)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
