import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function CustomerDeliverablesRoute() {
  return <UpcomingScreen title={'Deliverables'} description={'Your orders with their downloadable files.'} />;
}
