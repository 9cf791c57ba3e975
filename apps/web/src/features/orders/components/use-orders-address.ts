import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryParams } from '../../../lib/navigation.ts';
import { readOrderFilters, type TCustomerOrderFilters, withOpenOrder, withOrderFilters } from '../lib/order-filters.ts';

/**
 * The orders list's state in the address: ?q= and ?status= filter it, ?order=<id> opens one order.
 * Opening pushes a history entry (the browser's Back closes it too); filtering replaces it.
 */
export function useOrdersAddress() {
  const params = useQueryParams();
  const navigate = useNavigate();
  const setFilters = useCallback(
    (filters: TCustomerOrderFilters) => navigate({ search: withOrderFilters(params, filters) }, { replace: true }),
    [navigate, params],
  );
  const openOrder = useCallback((id: string) => navigate({ search: withOpenOrder(params, id) }), [navigate, params]);
  const closeOrder = useCallback(() => navigate({ search: withOpenOrder(params, null) }), [navigate, params]);
  return {
    params,
    filters: readOrderFilters(params),
    openOrderId: params.get('order'),
    setFilters,
    openOrder,
    closeOrder,
  };
}
