import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@spacecapture/shared/format';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { useCustomerProperty } from '../api/get-customer-property.ts';
import { OrderFilesSection } from './order-files-section.tsx';

/**
 * A property (decisions 234, 237): its site address and town, Download all of its orders' files (a folder per
 * order), and each of the organisation's orders there, newest first, with its current files.
 * `extras` is what the page adds once the property has loaded (its share links).
 */
export function PropertyDeliverables({ propertyId, extras }: { propertyId: string; extras?: ReactNode }) {
  const property = useCustomerProperty(propertyId);
  if (property.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the property" />
      </Center>
    );
  }
  if (property.isError) {
    return <QueryError error={property.error} onRetry={() => property.refetch()} what="the property" />;
  }
  const { label, placeLabel, orders } = property.data;
  const downloadable = orders.some(
    (order) => !order.paymentLock && order.deliverables.some((file) => file.tour === null),
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz={22}>
            {label}
          </Title>
          {placeLabel ? (
            <Text size="sm" c="dimmed">
              {placeLabel}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {orders.length === 1 ? '1 order' : `${orders.length} orders`} at this address
          </Text>
        </Stack>
        {downloadable ? (
          // A plain link: the browser saves the zip (a folder per order) and can resume it by Range (decision 221).
          <Button
            component="a"
            href={`/api/customer/properties/${encodeURIComponent(propertyId)}/archive`}
            download
            variant="light"
            size="xs"
          >
            Download all
          </Button>
        ) : null}
      </Group>
      <Stack gap="md">
        {orders.map((order) => (
          <OrderFilesSection
            key={order.id}
            order={order}
            files={order.deliverables}
            paymentLock={order.paymentLock}
            headingOrder={3}
            meta={`Ordered ${formatDate(order.createdAt)}`}
          />
        ))}
      </Stack>
      {extras}
    </Stack>
  );
}
