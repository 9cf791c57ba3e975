import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { CustomersScreen } from '../../../features/admin-console/components/customers-screen.tsx';
import { OrganizationBillingForm } from '../../../features/invoices/components/organization-billing-form.tsx';

export function AdminCustomersRoute() {
  return (
    <PortalPage title="Customers" description="Customer organizations.">
      <CustomersScreen
        billing={(customerOrgId) => <OrganizationBillingForm key={customerOrgId} customerOrgId={customerOrgId} />}
      />
    </PortalPage>
  );
}
