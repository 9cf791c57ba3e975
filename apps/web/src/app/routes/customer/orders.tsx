import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { OrdersScreen } from '../../../features/customer-portal/components/orders-screen.tsx';

export function CustomerOrdersRoute() {
  return (
    <PortalPage title="Orders" description="Your organization's orders, newest first.">
      <OrdersScreen />
    </PortalPage>
  );
}
