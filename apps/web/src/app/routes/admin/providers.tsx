import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { ProvidersScreen } from '../../../features/admin-console/components/providers-screen.tsx';

export function AdminProvidersRoute() {
  return (
    <PortalPage title="Providers" description="Provider organizations.">
      <ProvidersScreen />
    </PortalPage>
  );
}
