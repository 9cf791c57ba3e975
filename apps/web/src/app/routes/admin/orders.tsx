import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { OrdersScreen } from '../../../features/admin-console/components/orders-screen.tsx';
import { AdminOrderMessages } from '../../../features/conversations/components/admin-order-messages.tsx';
import { AdminReviewPanel } from '../../../features/delivery-review/components/admin-review-panel.tsx';

export function AdminOrdersRoute() {
  return (
    <PortalPage title="Orders" description="All orders with their customer organization.">
      <OrdersScreen
        orderExtras={(orderId) => (
          <>
            <AdminReviewPanel orderId={orderId} />
            <AdminOrderMessages orderId={orderId} />
          </>
        )}
      />
    </PortalPage>
  );
}
