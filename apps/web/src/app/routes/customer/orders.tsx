import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { customerConversation } from '../../../features/conversations/api/conversation-keys.ts';
import { MessagesPanel } from '../../../features/conversations/components/messages-panel.tsx';
import { NewRequestLink } from '../../../features/order-request/components/new-request-link.tsx';
import { OrdersScreen } from '../../../features/orders/components/orders-screen.tsx';
import { ShareLinksPanel } from '../../../features/share-links/components/share-links-panel.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { ORDER_DETAIL_SLOTS } from './order-detail-slots.tsx';

export function CustomerOrdersRoute() {
  const profile = useProfile();
  return (
    <PortalPage title="Orders" description="Your organization's orders, newest first." actions={<NewRequestLink />}>
      <OrdersScreen
        detailSlots={ORDER_DETAIL_SLOTS}
        orderExtras={(orderId) => (
          <>
            {/* Share links are for the organisation's admins (decision 137). */}
            {profile.role === 'customer_admin' ? <ShareLinksPanel subject={{ orderId }} /> : null}
            <MessagesPanel endpoint={customerConversation(orderId)} />
          </>
        )}
      />
    </PortalPage>
  );
}
