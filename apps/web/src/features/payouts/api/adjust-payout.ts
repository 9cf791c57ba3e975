import { type TPayoutAdjustmentRequest, ZPayable } from '@spacecapture/shared/contracts/payouts';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { payoutsKeys } from './payouts-keys.ts';

/** POST /api/admin/assignments/:id/payout-adjustment: makes a job closed without approval payable. */
export function useAdjustPayout(assignmentId: string) {
  return useRefreshingMutation(payoutsKeys.all, {
    mutationFn: (request: TPayoutAdjustmentRequest) =>
      sendJson(`/api/admin/assignments/${assignmentId}/payout-adjustment`, request, ZPayable),
  });
}
