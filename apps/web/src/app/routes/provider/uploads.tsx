import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { UploadsScreen } from '../../../features/provider-uploads/components/uploads-screen.tsx';

export function ProviderUploadsRoute() {
  return (
    <PortalPage title="Uploads" description="Upload deliverable files for your accepted assignments.">
      <UploadsScreen />
    </PortalPage>
  );
}
