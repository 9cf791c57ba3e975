import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { ReportingDashboard } from '../../../features/admin-insights/components/reporting-dashboard.tsx';

export function AdminReportingRoute() {
  return (
    <PortalPage title="Reporting" description="Orders report, provider performance and revenue analytics.">
      <ReportingDashboard />
    </PortalPage>
  );
}
