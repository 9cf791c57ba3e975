import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminCustomersRoute() {
  return <UpcomingScreen title={'Customers'} description={'Customer organizations.'} />;
}
