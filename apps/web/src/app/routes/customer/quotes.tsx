import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function CustomerQuotesRoute() {
  return (
    <UpcomingScreen
      title={'Quotes & Invoices'}
      description={'Quotes with their price breakdown, SLA and validity, to accept or decline.'}
    />
  );
}
