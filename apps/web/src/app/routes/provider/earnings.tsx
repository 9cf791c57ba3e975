import { Stack } from '@mantine/core';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { EarningsPage } from '../../../features/payouts/components/earnings-page.tsx';
import { PayoutAccount } from '../../../features/payouts/components/payout-account.tsx';

export function ProviderEarningsRoute() {
  return (
    <PortalPage
      title="Earnings"
      description="How you are paid, each job's compensation, its status and when it was paid; statements."
    >
      <Stack gap="lg">
        <PayoutAccount />
        <EarningsPage />
      </Stack>
    </PortalPage>
  );
}
