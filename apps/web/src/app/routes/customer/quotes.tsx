import { InvoiceList } from '../../../features/invoices/components/invoice-list.tsx';
import { InvoiceView } from '../../../features/invoices/components/invoice-view.tsx';
import { QuotesScreen } from '../../../features/quotes/components/quotes-screen.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';

/**
 * /customer/quotes: the quotes as cards and the organisation's invoices; with ?invoice=<quoteId>
 * the latest invoice issued for that quote.
 */
export function CustomerQuotesRoute() {
  const quoteId = useQueryParams().get('invoice');
  if (quoteId) return <InvoiceView quoteId={quoteId} />;
  return <QuotesScreen invoices={<InvoiceList />} />;
}
