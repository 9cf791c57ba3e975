import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AuditTabs } from '../../../features/admin-insights/components/audit-tabs.tsx';

export function AdminAuditRoute() {
  return (
    <PortalPage
      title="Audit"
      description="The latest audit entries, and every e-mail the platform sent or is retrying."
    >
      <AuditTabs />
    </PortalPage>
  );
}
