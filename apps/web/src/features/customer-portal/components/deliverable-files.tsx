import { Table, Text } from '@mantine/core';
import type { TCustomerDeliverable } from '@spacecapture/shared/contracts/customer-portal';
import { DELIVERABLE_TYPE_LABELS } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime } from '../../../lib/format-date.ts';
import { DownloadButton } from './download-button.tsx';

/** One order's files: name, type, size, when delivered, and Download. */
export function DeliverableFiles({ files, label }: { files: readonly TCustomerDeliverable[]; label: string }) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No files delivered yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Delivered</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{file.fileName}</Table.Td>
              <Table.Td>{DELIVERABLE_TYPE_LABELS[file.type] ?? file.type}</Table.Td>
              <Table.Td>{formatFileSize(file.size)}</Table.Td>
              <Table.Td>{formatDateTime(file.deliveredAt)}</Table.Td>
              <Table.Td ta="right">
                <DownloadButton file={file} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
