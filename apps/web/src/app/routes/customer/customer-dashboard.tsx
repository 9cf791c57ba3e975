import { Anchor, List, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { PATHS } from '@spacecapture/shared/paths';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { DeliverablesByOrder } from '../../../features/deliverables/components/deliverables-by-order.tsx';
import { OrderDetail } from '../../../features/orders/components/order-detail.tsx';
import { OrdersList } from '../../../features/orders/components/orders-list.tsx';
import { useOrdersAddress } from '../../../features/orders/components/use-orders-address.ts';
import { WindowsToPick } from '../../../features/orders/components/windows-to-pick.tsx';
import { ORDER_DETAIL_SLOTS } from './order-detail-slots.tsx';

const TABS = [
  { value: 'orders', label: 'My Orders' },
  { value: 'deliverables', label: 'Deliverables' },
  { value: 'support', label: 'Support' },
] as const;
type TTab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TTab {
  return TABS.some((tab) => tab.value === value);
}

const ALL_ORDERS = { q: '', status: '' } as const;

function HelpList() {
  return (
    <PortalSection title="Help" gap="sm">
      <List spacing="xs">
        <List.Item>
          <Anchor component={AppLink} to={PORTAL_PATHS.customer.help}>
            Help centre
          </Anchor>{' '}
          — guides for orders, quotes and deliverables.
        </List.Item>
        <List.Item>
          <Anchor component={AppLink} to={PATHS.faq}>
            Frequently asked questions
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={AppLink} to={PORTAL_PATHS.customer.deliverables}>
            Your deliverables
          </Anchor>{' '}
          — download links are created when you click Download and work for 5 minutes.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        Messages sent here are e-mailed to our support team; their replies appear below and by e-mail.
      </Text>
    </PortalSection>
  );
}

/**
 * /customer-dashboard (spec 001 §2): tabs My Orders (list and detail with Back), Deliverables and
 * Support, all on the organisation's real data. The tab is kept in the address (?tab=).
 */
export function CustomerDashboard({
  supportForm,
  supportRequests,
  quotesAwaitingAnswer,
}: {
  supportForm: ReactNode;
  /** The organisation's support requests with their replies, below the form. */
  supportRequests?: ReactNode;
  /** The quotes waiting for an answer, with their amounts and actions, above the orders. */
  quotesAwaitingAnswer?: ReactNode;
}) {
  const navigate = useNavigate();
  const { params, openOrderId, openOrder, closeOrder } = useOrdersAddress();
  const requested = params.get('tab');
  const tab: TTab = isTab(requested) ? requested : 'orders';

  function selectTab(value: string | null) {
    if (!isTab(value) || value === tab) return;
    // Another tab closes an open order.
    navigate({ search: value === 'orders' ? '' : `?tab=${value}` });
  }

  return (
    <Tabs value={tab} onChange={selectTab} keepMounted={false}>
      <Tabs.List mb="md">
        {TABS.map((item) => (
          <Tabs.Tab key={item.value} value={item.value}>
            {item.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="orders">
        {openOrderId ? (
          <OrderDetail orderId={openOrderId} onBack={closeOrder} {...ORDER_DETAIL_SLOTS} />
        ) : (
          <>
            <WindowsToPick onOpen={openOrder} />
            {quotesAwaitingAnswer}
            <OrdersList filters={ALL_ORDERS} onOpen={openOrder} />
          </>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="deliverables">
        <DeliverablesByOrder />
      </Tabs.Panel>
      <Tabs.Panel value="support">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {supportForm}
            <HelpList />
          </SimpleGrid>
          {supportRequests}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
