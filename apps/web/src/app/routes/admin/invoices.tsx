import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AdminInvoices } from '../../../features/invoices/components/admin-invoices.tsx';

export function AdminInvoicesRoute() {
  return (
    <PortalPage
      title="Invoices"
      description="Invoices issued to customers: record bank transfers as they arrive, or void an invoice with a reason."
    >
      <AdminInvoices />
    </PortalPage>
  );
}
