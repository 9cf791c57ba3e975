import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TCustomerDeliverable } from '@spacecapture/shared/contracts/customer-portal';
import { DELIVERABLE_TYPE_LABELS } from '@spacecapture/shared/contracts/provider-uploads';
import { formatFileSize } from '@spacecapture/shared/file-size';
import { formatDateTime } from '@spacecapture/shared/format';
import { deliverableViewerPath } from '@spacecapture/shared/portal-paths';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { FileNameWithVersion } from '../../../components/ui/file-name-with-version.tsx';
import { FileThumbnail } from '../../../components/ui/file-thumbnail.tsx';
import { PointTreeStatus } from '../../../components/ui/point-tree-status.tsx';
import { TourLink, TourNewTabLink } from '../../../components/ui/tour-link.tsx';
import { DownloadButton } from './download-button.tsx';

/**
 * One order's files: name (with its version once revised, and "Superseded" when a later version
 * exists: still downloadable), type, size, when delivered, View (in the browser) and Download.
 */
export function DeliverableFiles({
  files,
  label,
  locked = false,
}: {
  files: readonly TCustomerDeliverable[];
  label: string;
  /** Pay before download (decision 211): the files stay visible, Download waits for the invoice. */
  locked?: boolean;
}) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No files delivered yet.
      </Text>
    );
  }
  const framed = files.filter((file) => file.tour?.embeddable && !file.superseded);
  return (
    <Stack gap="md">
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
                <Stack gap={2}>
                  <FileNameWithVersion fileName={file.fileName} version={file.version} superseded={file.superseded} />
                  <PointTreeStatus tree={file.pointTree} showFailure={false} />
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td>{DELIVERABLE_TYPE_LABELS[file.type] ?? file.type}</Table.Td>
            <Table.Td>{file.tour ? '—' : formatFileSize(file.size)}</Table.Td>
            <Table.Td>{formatDateTime(file.deliveredAt)}</Table.Td>
            <Table.Td ta="right">
              {file.tour ? (
                // A tour link (decision 233): nothing to download; it opens in a new tab, framed below where allowed.
                <TourNewTabLink title={file.fileName} url={file.tour.url} />
              ) : (
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
                  {locked ? (
                    <Button
                      size="xs"
                      variant="light"
                      disabled
                      aria-label={`Download ${file.fileName}: waits for payment`}
                    >
                      Download
                    </Button>
                  ) : (
                    <DownloadButton file={file} />
                  )}
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {framed.map((file) =>
        file.tour ? (
          <Stack key={file.id} gap="xs" component="section" aria-label={`Tour ${file.fileName}`}>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {file.fileName}
            </Text>
            <TourLink title={file.fileName} tour={file.tour} />
          </Stack>
        ) : null,
      )}
    </Stack>
  );
}
