import { Stack } from '@mantine/core';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { OrganizationBranding } from '../../../features/share-links/components/organization-branding.tsx';
import { OrganizationTeam } from '../../../features/team/components/organization-team.tsx';
import { OrganizationUnits } from '../../../features/team/components/organization-units.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';

export function CustomerOrganizationRoute() {
  const profile = useProfile();
  return (
    <PortalPage title="Organization" description="Your organization, its team members and pending invitations.">
      <Stack gap="lg">
        <OrganizationUnits profile={profile} />
        <OrganizationBranding profile={profile} />
        <OrganizationTeam profile={profile} />
      </Stack>
    </PortalPage>
  );
}
