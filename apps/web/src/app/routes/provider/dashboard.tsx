import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { ProviderDashboard } from '../../../features/provider-dashboard/components/provider-dashboard.tsx';

export function ProviderDashboardRoute() {
  return (
    <PortalPage title="Dashboard" description="Your projects, performance and settings.">
      <ProviderDashboard />
    </PortalPage>
  );
}
