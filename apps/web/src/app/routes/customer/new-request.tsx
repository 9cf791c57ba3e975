import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { NewRequestForm } from '../../../features/order-request/components/new-request-form.tsx';

export function CustomerNewRequestRoute() {
  return (
    <PortalPage
      title="New Request"
      description="Order a capture for your organization. It goes straight to our team for a quote."
    >
      <NewRequestForm />
    </PortalPage>
  );
}
