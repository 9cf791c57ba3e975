import { Stack } from '@mantine/core';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AvailabilityPanel } from '../../../features/availability/components/availability-form.tsx';
import { ScheduleAgenda } from '../../../features/schedule/components/schedule-agenda.tsx';
import { dashboardHref } from './dashboard-href.ts';

export function ProviderScheduleRoute() {
  return (
    <PortalPage title="Schedule" description="Your capture appointments, and when and where you work.">
      <Stack gap="xl">
        <ScheduleAgenda jobHref={(assignmentId) => dashboardHref({ project: assignmentId })} />
        <AvailabilityPanel />
      </Stack>
    </PortalPage>
  );
}
