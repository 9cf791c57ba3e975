import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AdminInbox } from '../../../features/conversations/components/admin-inbox.tsx';

export function AdminInboxRoute() {
  return (
    <PortalPage title="Inbox" description="Every conversation with customers and providers, newest activity first.">
      <AdminInbox />
    </PortalPage>
  );
}
