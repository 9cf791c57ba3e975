import { ZCustomerOrderList } from '@spacecapture/shared/contracts/customer-portal';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { supportKeys } from './support-keys.ts';

/** The organisation's latest 100 orders, as the choices of "Which order is it about?". */
export function useOrderOptions() {
  return useQuery({
    queryKey: supportKeys.orderOptions(),
    queryFn: async ({ signal }) => {
      const page = await apiRequest('/api/customer/orders?limit=100', { schema: ZCustomerOrderList, signal });
      return page.items.map((order) => ({ value: order.id, label: order.title }));
    },
  });
}
