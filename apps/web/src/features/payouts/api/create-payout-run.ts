import { type TCreatePayoutRunRequest, ZPayoutRun } from '@spacecapture/shared/contracts/payouts';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { payoutsKeys } from './payouts-keys.ts';

/** POST /api/admin/payout-runs: pays providers by recorded bank transfer or Stripe transfer; refreshes every payout list. */
export function useCreatePayoutRun() {
  return useRefreshingMutation(payoutsKeys.all, {
    mutationFn: (request: TCreatePayoutRunRequest) => sendJson('/api/admin/payout-runs', request, ZPayoutRun),
  });
}
