import { SimpleGrid } from '@mantine/core';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { ApplicationsColumn } from '../../../features/admin-workflow/components/applications-column.tsx';
import { LeadsColumn } from '../../../features/admin-workflow/components/leads-column.tsx';

export function AdminTriageRoute() {
  return (
    <PortalPage title="Triage" description="New order leads and provider applications.">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <LeadsColumn />
        <ApplicationsColumn />
      </SimpleGrid>
    </PortalPage>
  );
}
