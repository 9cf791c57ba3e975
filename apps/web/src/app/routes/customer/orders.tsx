import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { customerConversation } from '../../../features/conversations/api/conversation-keys.ts';
import { MessagesPanel } from '../../../features/conversations/components/messages-panel.tsx';
import { OrdersScreen } from '../../../features/customer-portal/components/orders-screen.tsx';
import { NewRequestLink } from '../../../features/order-request/components/new-request-link.tsx';

export function CustomerOrdersRoute() {
  return (
    <PortalPage title="Orders" description="Your organization's orders, newest first." actions={<NewRequestLink />}>
      <OrdersScreen orderExtras={(orderId) => <MessagesPanel endpoint={customerConversation(orderId)} />} />
    </PortalPage>
  );
}
