import { ZOrderMargin } from '@spacecapture/shared/contracts/payouts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { payoutsKeys } from './payouts-keys.ts';

/** GET /api/admin/orders/:id/margin → the order's price, compensation, fees and margin from the ledger. */
export function useOrderMargin(orderId: string) {
  return useQuery(
    endpointQuery([...payoutsKeys.all, 'margin', orderId], `/api/admin/orders/${orderId}/margin`, ZOrderMargin),
  );
}
