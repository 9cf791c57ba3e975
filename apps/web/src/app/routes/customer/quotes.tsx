import { InvoiceView } from '../../../features/invoices/components/invoice-view.tsx';
import { QuotesScreen } from '../../../features/quotes/components/quotes-screen.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';

/** /customer/quotes: the quotes as cards; with ?invoice=<quoteId> the printable invoice of an accepted one. */
export function CustomerQuotesRoute() {
  const invoiceId = useQueryParams().get('invoice');
  if (invoiceId) return <InvoiceView quoteId={invoiceId} />;
  return <QuotesScreen />;
}
