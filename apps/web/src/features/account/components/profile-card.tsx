import { Badge, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { TProfile } from '@spacecapture/shared/contracts/auth';
import { formatRole, PORTAL_TITLES } from '../../../lib/auth/roles-text.ts';

/** Who is signed in: e-mail, role, portal, organisation. */
export function ProfileCard({ profile }: { profile: TProfile }) {
  const rows = [
    ['Email', profile.user.email],
    ['Role', formatRole(profile.role)],
    ['Portal', PORTAL_TITLES[profile.portal]],
    [
      'Organization',
      profile.organization
        ? `${profile.organization.name} (${profile.organization.type === 'provider' ? 'Provider' : 'Customer'})`
        : '—',
    ],
  ] as const;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="profile-heading">
      <Title order={2} fz={20} mb="md" id="profile-heading">
        Profile
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
        <div>
          <Text component="dt" size="sm" c="dimmed">
            Two-factor authentication
          </Text>
          <Text component="dd" m={0}>
            <Badge color={profile.user.twoFactorEnabled ? 'teal' : 'gray'} variant="light">
              {profile.user.twoFactorEnabled ? 'On' : 'Off'}
            </Badge>
          </Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
