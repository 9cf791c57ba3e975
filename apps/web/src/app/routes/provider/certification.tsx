import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { Certifications } from '../../../features/certifications/components/certifications.tsx';

export function ProviderCertificationRoute() {
  return (
    <PortalPage title="Certification" description="Your certifications: scope, status, regions and expiry.">
      <Certifications />
    </PortalPage>
  );
}
