import { type TPayableStatus, ZPayableList, ZPayoutRunList } from '@spacecapture/shared/contracts/payouts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { payoutsKeys } from './payouts-keys.ts';

/** GET /api/admin/payables?status=… → what providers are owed, overdue or were paid, with totals owed. */
export function usePayables(status: TPayableStatus) {
  return useQuery(endpointQuery(payoutsKeys.payables(status), `/api/admin/payables?status=${status}`, ZPayableList));
}

/** GET /api/admin/payout-runs → the latest runs with their transfers. */
export function usePayoutRuns() {
  return useQuery(endpointQuery(payoutsKeys.runs(), '/api/admin/payout-runs', ZPayoutRunList));
}
