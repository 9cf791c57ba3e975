import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { SupportInboxScreen } from '../../../features/support-inbox/components/support-inbox-screen.tsx';

export function AdminSupportRoute() {
  return (
    <PortalPage title="Support" description="Support requests from customers: answer them, assign them, close them.">
      <SupportInboxScreen />
    </PortalPage>
  );
}
