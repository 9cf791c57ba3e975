import { Center, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { DELIVERABLE_TYPE_LABELS, type TUploadedFile } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

type TFilesListProps = {
  title: string;
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    data?: { items: TUploadedFile[] } | undefined;
  };
  empty: string;
  showOrder: boolean;
};

/** A card listing uploaded files, newest first. */
export function FilesList({ title, query, empty, showOrder }: TFilesListProps) {
  const items = query.data?.items ?? [];
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
      </Center>
    );
  } else if (query.isError) {
    body = <QueryError error={query.error} onRetry={() => query.refetch()} what={title.toLowerCase()} />;
  } else if (items.length === 0) {
    body = (
      <Text c="gray.7" py="md" ta="center">
        {empty}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              {showOrder ? <Table.Th>Order</Table.Th> : null}
              <Table.Th>Type</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{file.fileName}</Table.Td>
                {showOrder ? <Table.Td>{file.orderTitle}</Table.Td> : null}
                <Table.Td>{DELIVERABLE_TYPE_LABELS[file.type] ?? file.type}</Table.Td>
                <Table.Td>{formatFileSize(file.size)}</Table.Td>
                <Table.Td>
                  {formatDateTime(file.createdAt)}
                  {file.uploadedBy ? ` by ${file.uploadedBy}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz={18} mb="sm">
        {title}
      </Title>
      {body}
    </Paper>
  );
}
