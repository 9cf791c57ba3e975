import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { OrdersScreen } from '../../../features/customer-portal/components/orders-screen.tsx';
import { NewRequestLink } from '../../../features/order-request/components/new-request-link.tsx';

export function CustomerOrdersRoute() {
  return (
    <PortalPage title="Orders" description="Your organization's orders, newest first." actions={<NewRequestLink />}>
      <OrdersScreen />
    </PortalPage>
  );
}
