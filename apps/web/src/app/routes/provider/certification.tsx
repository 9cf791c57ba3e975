import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function ProviderCertificationRoute() {
  return (
    <UpcomingScreen title={'Certification'} description={'Your certifications: scope, status, regions and expiry.'} />
  );
}
