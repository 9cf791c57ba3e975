import { ZPayoutRun } from '@spacecapture/shared/contracts/payouts';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { payoutsKeys } from './payouts-keys.ts';

/** POST /api/admin/payouts/:id/resume: sends a pending Stripe transfer again; refreshes every payout list. */
export function useResumePayout() {
  return useRefreshingMutation(payoutsKeys.all, {
    mutationFn: (payoutId: string) =>
      sendJson(`/api/admin/payouts/${encodeURIComponent(payoutId)}/resume`, {}, ZPayoutRun),
  });
}
