import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { NewRequestLink } from '../../../features/order-request/components/new-request-link.tsx';
import { QuotesAwaitingAnswer } from '../../../features/quotes/components/quotes-awaiting-answer.tsx';
import { SupportRequestForm } from '../../../features/support-request/components/support-request-form.tsx';
import { SupportRequestsThread } from '../../../features/support-request/components/support-requests-thread.tsx';
import { CustomerDashboard } from './customer-dashboard.tsx';

export function CustomerDashboardRoute() {
  return (
    <PortalPage
      title="Dashboard"
      description="Your orders, deliverables and support in one place."
      actions={<NewRequestLink />}
    >
      <CustomerDashboard
        supportForm={<SupportRequestForm />}
        supportRequests={<SupportRequestsThread />}
        quotesAwaitingAnswer={<QuotesAwaitingAnswer />}
      />
    </PortalPage>
  );
}
