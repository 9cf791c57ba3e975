import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminQuotesRoute() {
  return <UpcomingScreen title={'Quotes'} description={'Create quotes and send them to customers.'} />;
}
