import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { QuotesAwaitingAnswer } from '../../../features/customer-billing/components/quotes-awaiting-answer.tsx';
import { CustomerDashboard } from '../../../features/customer-portal/components/customer-dashboard.tsx';
import { SupportRequestForm } from '../../../features/support-request/components/support-request-form.tsx';

export function CustomerDashboardRoute() {
  return (
    <PortalPage title="Dashboard" description="Your orders, deliverables and support in one place.">
      <CustomerDashboard supportForm={<SupportRequestForm />} quotesAwaitingAnswer={<QuotesAwaitingAnswer />} />
    </PortalPage>
  );
}
