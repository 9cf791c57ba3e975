import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { ScheduleAgenda } from '../../../features/provider-dashboard/components/schedule-agenda.tsx';

export function ProviderScheduleRoute() {
  return (
    <PortalPage title="Schedule" description="Your capture appointments.">
      <ScheduleAgenda />
    </PortalPage>
  );
}
