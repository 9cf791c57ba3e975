import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { CreateQuoteForm } from '../../../features/admin-workflow/components/create-quote-form.tsx';
import { QuotesList } from '../../../features/admin-workflow/components/quotes-list.tsx';

export function AdminQuotesRoute() {
  return (
    <PortalPage title="Quotes" description="Create quotes for orders and send them to customers.">
      <CreateQuoteForm />
      <QuotesList />
    </PortalPage>
  );
}
