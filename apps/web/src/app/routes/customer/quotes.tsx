import { InvoiceList } from '../../../features/invoices/components/invoice-list.tsx';
import { InvoiceView } from '../../../features/invoices/components/invoice-view.tsx';
import { QuotesScreen } from '../../../features/quotes/components/quotes-screen.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';

/**
 * /customer/quotes: the quotes as cards and the organisation's invoices; with ?invoice=<quoteId>
 * the latest invoice issued for that quote, with ?invoiceId=<id> a monthly invoice (decision 242).
 */
export function CustomerQuotesRoute() {
  const params = useQueryParams();
  const quoteId = params.get('invoice');
  const invoiceId = params.get('invoiceId');
  if (quoteId) return <InvoiceView quoteId={quoteId} />;
  if (invoiceId) return <InvoiceView invoiceId={invoiceId} />;
  return <QuotesScreen invoices={<InvoiceList />} />;
}
