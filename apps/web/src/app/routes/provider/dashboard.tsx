import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { ProviderDashboard } from './provider-dashboard.tsx';

export function ProviderDashboardRoute() {
  return (
    <PortalPage title="Dashboard" description="Your projects, performance and settings.">
      <ProviderDashboard />
    </PortalPage>
  );
}
