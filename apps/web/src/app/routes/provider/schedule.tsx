import { Stack } from '@mantine/core';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AvailabilityPanel } from '../../../features/provider-dashboard/components/availability-form.tsx';
import { ScheduleAgenda } from '../../../features/provider-dashboard/components/schedule-agenda.tsx';

export function ProviderScheduleRoute() {
  return (
    <PortalPage title="Schedule" description="Your capture appointments, and when and where you work.">
      <Stack gap="xl">
        <ScheduleAgenda />
        <AvailabilityPanel />
      </Stack>
    </PortalPage>
  );
}
