import { Paper, Stack, Text } from '@mantine/core';
import { useProfile } from '../../lib/auth/profile-context.ts';
import { formatRole } from '../../lib/auth/roles-text.ts';
import { PortalPage } from './portal-page.tsx';

type TUpcomingScreenProps = { title: string; description: string };

/**
 * A portal route whose screen is built in a later release: its title, what it will hold, and the
 * signed-in user's context (who, which role, which organisation).
 */
export function UpcomingScreen({ title, description }: TUpcomingScreenProps) {
  const profile = useProfile();
  return (
    <PortalPage title={title} description={description}>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap={6}>
          <Text fw={600}>
            Signed in as {profile.user.email} ({formatRole(profile.role)})
            {profile.organization ? ` · ${profile.organization.name}` : ''}
          </Text>
          <Text c="gray.7">This screen comes with the next release.</Text>
        </Stack>
      </Paper>
    </PortalPage>
  );
}
