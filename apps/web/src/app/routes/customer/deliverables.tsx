import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { DeliverablesByOrder } from '../../../features/deliverables/components/deliverables-by-order.tsx';

export function CustomerDeliverablesRoute() {
  return (
    <PortalPage
      title="Deliverables"
      description="Your orders with their downloadable files. Each download link is created when you click and works for 5 minutes."
    >
      <DeliverablesByOrder />
    </PortalPage>
  );
}
