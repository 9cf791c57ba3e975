import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { OrdersScreen } from '../../../features/admin-console/components/orders-screen.tsx';

export function AdminOrdersRoute() {
  return (
    <PortalPage title="Orders" description="All orders with their customer organization.">
      <OrdersScreen />
    </PortalPage>
  );
}
