import { Stack } from '@mantine/core';
import { providerJobPath } from '@spacecapture/shared/portal-paths';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { CalendarFeedCard } from '../../../features/account/components/calendar-feed-card.tsx';
import { AvailabilityPanel } from '../../../features/availability/components/availability-form.tsx';
import { ScheduleAgenda } from '../../../features/schedule/components/schedule-agenda.tsx';
import { WeekCalendar } from '../../../features/schedule/components/week-calendar.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { dashboardHref } from './dashboard-href.ts';

/** The provider's calendar: its captures, its calendar address (here rather than on Account) and its hours. */
export function ProviderScheduleRoute() {
  const profile = useProfile();
  return (
    <PortalPage title="Schedule" description="Your capture appointments, and when and where you work.">
      <Stack gap="xl">
        <WeekCalendar jobHref={providerJobPath} />
        <ScheduleAgenda jobHref={(assignmentId) => dashboardHref({ project: assignmentId })} />
        <CalendarFeedCard profile={profile} />
        <AvailabilityPanel />
      </Stack>
    </PortalPage>
  );
}
