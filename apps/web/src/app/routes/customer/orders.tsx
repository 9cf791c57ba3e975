import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { useCallback, useState } from 'react';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { customerConversation } from '../../../features/conversations/api/conversation-keys.ts';
import { MessagesPanel } from '../../../features/conversations/components/messages-panel.tsx';
import { OrdersScreen } from '../../../features/customer-portal/components/orders-screen.tsx';
import { CustomerReviewPanel } from '../../../features/delivery-review/components/customer-review-panel.tsx';
import type { TPickedPins } from '../../../features/delivery-review/components/request-changes-form.tsx';
import { NewRequestLink } from '../../../features/order-request/components/new-request-link.tsx';
import { ShareLinksPanel } from '../../../features/share-links/components/share-links-panel.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';

/**
 * The points the customer picked in the deliverables' viewers, by file: the review form offers to
 * pin a comment about a file to its latest one. A file's viewer reports a pick with `pickPoint`.
 */
function usePickedPins() {
  const [pins, setPins] = useState<TPickedPins>({});
  const pickPoint = useCallback((deliverableId: string, pin: TViewerPin) => {
    setPins((current) => ({ ...current, [deliverableId]: pin }));
  }, []);
  return { pins, pickPoint };
}

export function CustomerOrdersRoute() {
  const profile = useProfile();
  const picked = usePickedPins();
  return (
    <PortalPage title="Orders" description="Your organization's orders, newest first." actions={<NewRequestLink />}>
      <OrdersScreen
        orderExtras={(orderId) => (
          <>
            {/* Share links are for the organisation's admins (decision 137). */}
            {profile.role === 'customer_admin' ? <ShareLinksPanel orderId={orderId} /> : null}
            <CustomerReviewPanel orderId={orderId} pickedPins={picked.pins} />
            <MessagesPanel endpoint={customerConversation(orderId)} />
          </>
        )}
      />
    </PortalPage>
  );
}
