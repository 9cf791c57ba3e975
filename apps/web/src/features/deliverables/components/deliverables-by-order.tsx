import { Stack } from '@mantine/core';
import { ListState } from '../../../components/portal/list-state.tsx';
import { useCustomerDeliverables } from '../api/get-customer-deliverables.ts';
import { OrderFilesSection } from './order-files-section.tsx';

/** The organisation's orders that have files, each with its files and Download buttons. */
export function DeliverablesByOrder() {
  const deliverables = useCustomerDeliverables();
  const items = deliverables.data?.items ?? [];
  return (
    <ListState query={deliverables} count={items.length} what="deliverables" empty="No deliverables yet.">
      <Stack gap="md">
        {items.map(({ order, files, paymentLock }) => (
          <OrderFilesSection key={order.id} order={order} files={files} paymentLock={paymentLock} />
        ))}
      </Stack>
    </ListState>
  );
}
