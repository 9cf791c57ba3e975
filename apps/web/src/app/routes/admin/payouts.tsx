import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { PayoutsAdmin } from '../../../features/payouts/components/payouts-admin.tsx';

export function AdminPayoutsRoute() {
  return (
    <PortalPage
      title="Payouts"
      description="What providers are owed, overdue payouts, and payout runs by bank transfer."
    >
      <PayoutsAdmin />
    </PortalPage>
  );
}
