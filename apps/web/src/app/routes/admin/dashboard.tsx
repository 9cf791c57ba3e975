import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { ComponentType } from 'react';
import { InboxIcon, ReceiptIcon, SendIcon } from '../../../components/portal/portal-icons.tsx';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import type { TIconProps } from '../../../components/ui/icons.tsx';
import { BriefcaseIcon } from '../../../components/ui/marketing-icons.tsx';
import { AttentionCounts } from '../../../features/admin-workflow/components/attention-counts.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';

type TQuickLink = { to: string; title: string; description: string; icon: ComponentType<TIconProps> };

const QUICK_LINKS: readonly TQuickLink[] = [
  {
    to: PORTAL_PATHS.admin.triage,
    title: 'Triage',
    description: 'Review new order leads and provider applications.',
    icon: InboxIcon,
  },
  {
    to: PORTAL_PATHS.admin.quotes,
    title: 'Quotes',
    description: 'Create quotes and send them to customers.',
    icon: ReceiptIcon,
  },
  {
    to: PORTAL_PATHS.admin.assignments,
    title: 'Assignments',
    description: 'Assign providers to orders and confirm schedules.',
    icon: BriefcaseIcon,
  },
  {
    to: PORTAL_PATHS.admin.invitations,
    title: 'Invitations',
    description: 'Invite customers and providers, resend or revoke links.',
    icon: SendIcon,
  },
];

/** /admin: live counts of what needs attention, then quick-link cards to Triage, Quotes, Assignments and Invitations (spec 001 §2). */
export function AdminDashboardRoute() {
  const profile = useProfile();
  return (
    <PortalPage title="Dashboard" description={`Signed in as ${profile.user.email}.`}>
      <AttentionCounts />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {QUICK_LINKS.map((link) => (
          <Paper
            key={link.to}
            component={AppLink}
            to={link.to}
            withBorder
            radius="lg"
            p="lg"
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <ThemeIcon variant="light" size={44} radius="md" mb="sm">
              <link.icon size={24} />
            </ThemeIcon>
            <Title order={2} fz={18}>
              {link.title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {link.description}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </PortalPage>
  );
}
