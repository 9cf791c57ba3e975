import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { OrdersScreen } from '../../../features/admin-console/components/orders-screen.tsx';
import { CascadePanel } from '../../../features/admin-workflow/components/cascade-panel.tsx';
import { AdminOrderMessages } from '../../../features/conversations/components/admin-order-messages.tsx';
import { AdminReviewPanel } from '../../../features/delivery-review/components/admin-review-panel.tsx';
import { OrderMargin } from '../../../features/payouts/components/order-margin.tsx';

export function AdminOrdersRoute() {
  return (
    <PortalPage title="Orders" description="All orders with their customer organization.">
      <OrdersScreen
        orderProgress={(orderId) => <CascadePanel orderId={orderId} />}
        orderExtras={(orderId) => (
          <>
            <AdminReviewPanel orderId={orderId} />
            <OrderMargin orderId={orderId} />
            <AdminOrderMessages orderId={orderId} />
          </>
        )}
      />
    </PortalPage>
  );
}
