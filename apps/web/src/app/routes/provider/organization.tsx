import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { OrganizationTeam } from '../../../features/team/components/organization-team.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';

export function ProviderOrganizationRoute() {
  const profile = useProfile();
  return (
    <PortalPage title="Organization" description="Your organization, its team members and pending invitations.">
      <OrganizationTeam profile={profile} />
    </PortalPage>
  );
}
