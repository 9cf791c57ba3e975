import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminOrdersRoute() {
  return <UpcomingScreen title={'Orders'} description={'All orders with their customer organization.'} />;
}
