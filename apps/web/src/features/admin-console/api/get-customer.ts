import { ZAdminCustomerDetail } from '@spacecapture/shared/contracts/admin-console/organizations';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/customers/:id → one customer organisation with its members. */
export function useCustomer(id: string) {
  return useQuery(
    endpointQuery(consoleKeys.customer(id), `/api/admin/customers/${encodeURIComponent(id)}`, ZAdminCustomerDetail),
  );
}
