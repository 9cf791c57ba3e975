import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function ProviderUploadsRoute() {
  return <UpcomingScreen title={'Uploads'} description={'Upload deliverable files for your accepted assignments.'} />;
}
