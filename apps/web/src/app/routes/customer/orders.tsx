import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function CustomerOrdersRoute() {
  return <UpcomingScreen title={'Orders'} description={"The list of your organization's orders."} />;
}
