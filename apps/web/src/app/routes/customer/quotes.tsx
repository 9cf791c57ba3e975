import { QuotesScreen } from '../../../features/customer-billing/components/quotes-screen.tsx';

export function CustomerQuotesRoute() {
  return <QuotesScreen />;
}
