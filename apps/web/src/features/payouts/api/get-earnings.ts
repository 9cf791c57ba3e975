import { ZEarnings } from '@spacecapture/shared/contracts/payouts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { payoutsKeys } from './payouts-keys.ts';

/** GET /api/provider/earnings → every job of the organisation with its payout state, totals per currency. */
export function useEarnings() {
  return useQuery(endpointQuery(payoutsKeys.earnings(), '/api/provider/earnings', ZEarnings));
}

/** The statement of a period (days, both included; either may be left out) as CSV or PDF. */
export function statementUrl(format: 'csv' | 'pdf', range: { from: string; to: string }) {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const search = query.toString();
  return `/api/provider/earnings/statement.${format}${search ? `?${search}` : ''}`;
}
