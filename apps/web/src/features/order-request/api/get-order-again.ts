import { ZOrderAgainResponse } from '@spacecapture/shared/contracts/customer-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderRequestKeys } from './order-request-keys.ts';

/** GET /api/customer/orders/:id/order-again → the form's values from a past order of the organisation. */
export function getOrderAgain(orderId: string, signal?: AbortSignal) {
  return apiRequest(`/api/customer/orders/${encodeURIComponent(orderId)}/order-again`, {
    schema: ZOrderAgainResponse,
    ...(signal ? { signal } : {}),
  });
}

export function orderAgainQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderRequestKeys.orderAgain(orderId),
    queryFn: ({ signal }) => getOrderAgain(orderId, signal),
    // The form is filled once from what the order was; a refetch must not overwrite what is typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOrderAgain(orderId: string | null) {
  return useQuery({ ...orderAgainQueryOptions(orderId ?? ''), enabled: orderId !== null });
}
