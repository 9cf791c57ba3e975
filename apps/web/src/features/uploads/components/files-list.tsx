import { Button, FileButton, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { DELIVERABLE_TYPE_LABELS, type TUploadedFile } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime } from '@spacecapture/shared/format';
import { deliverableViewerPath } from '@spacecapture/shared/portal-paths';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { FileNameWithVersion } from '../../../components/ui/file-name-with-version.tsx';
import { FileThumbnail } from '../../../components/ui/file-thumbnail.tsx';
import { PointTreeStatus } from '../../../components/ui/point-tree-status.tsx';
import { TourNewTabLink } from '../../../components/ui/tour-link.tsx';
import { FileCheckStatus } from './file-check-status.tsx';

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
  /** Offered on files not yet delivered (decision 218): each asks first. */
  onRemove?: (file: TUploadedFile) => void;
  onReplace?: (file: TUploadedFile, replacement: File) => void;
};

/** A card listing uploaded files, newest first. */
export function FilesList({ title, query, empty, showOrder, onRemove, onReplace }: TFilesListProps) {
  const items = query.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz={18} mb="sm">
        {title}
      </Title>
      <ListState query={query} count={items.length} what={title.toLowerCase()} empty={empty}>
        <DataTable
          label={title}
          minWidth={560}
          striped
          columns={['File', ...(showOrder ? ['Order'] : []), 'Type', 'Size', 'Uploaded', { hidden: 'Actions' }]}
        >
          {items.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Group gap="sm" wrap="nowrap">
                  <FileThumbnail fileName={file.fileName} thumbnailUrl={file.thumbnailUrl} />
                  <Stack gap={2}>
                    <FileNameWithVersion fileName={file.fileName} version={file.version} superseded={file.superseded} />
                    <PointTreeStatus tree={file.pointTree} showFailure />
                    {file.superseded ? null : <FileCheckStatus check={file.check} />}
                  </Stack>
                </Group>
              </Table.Td>
              {showOrder ? <Table.Td>{file.orderTitle}</Table.Td> : null}
              <Table.Td>{DELIVERABLE_TYPE_LABELS[file.type] ?? file.type}</Table.Td>
              <Table.Td>{file.tourUrl ? '—' : formatFileSize(file.size)}</Table.Td>
              <Table.Td>
                {formatDateTime(file.createdAt)}
                {file.uploadedBy ? ` by ${file.uploadedBy}` : ''}
              </Table.Td>
              <Table.Td ta="right">
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {file.tourUrl ? (
                    <TourNewTabLink title={file.fileName} url={file.tourUrl} />
                  ) : (
                    <Button
                      component={AppLink}
                      to={deliverableViewerPath('provider', file.orderId, file.id)}
                      size="xs"
                      variant="subtle"
                      aria-label={`View ${file.fileName}`}
                    >
                      View
                    </Button>
                  )}
                  {file.removable && onReplace && !file.tourUrl ? (
                    <FileButton onChange={(replacement) => replacement && onReplace(file, replacement)}>
                      {(props) => (
                        <Button size="xs" variant="subtle" {...props} aria-label={`Replace ${file.fileName}`}>
                          Replace
                        </Button>
                      )}
                    </FileButton>
                  ) : null}
                  {file.removable && onRemove ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => onRemove(file)}
                      aria-label={`Remove ${file.fileName}`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
    </Paper>
  );
}
