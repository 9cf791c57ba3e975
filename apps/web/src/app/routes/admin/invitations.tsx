import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { CreateInvitationForm } from '../../../features/invitations/components/create-invitation-form.tsx';
import { InvitationsList } from '../../../features/invitations/components/invitations-list.tsx';

export function AdminInvitationsRoute() {
  return (
    <PortalPage
      title="Invitations"
      description="Invite customers and providers into their organization. Signing up needs the e-mailed link."
    >
      <CreateInvitationForm />
      <InvitationsList />
    </PortalPage>
  );
}
