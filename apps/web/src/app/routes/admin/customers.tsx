import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { CustomersScreen } from '../../../features/admin-console/components/customers-screen.tsx';

export function AdminCustomersRoute() {
  return (
    <PortalPage title="Customers" description="Customer organizations.">
      <CustomersScreen />
    </PortalPage>
  );
}
