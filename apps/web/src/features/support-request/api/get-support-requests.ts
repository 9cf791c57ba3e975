import { ZCustomerSupportRequestList } from '@spacecapture/shared/contracts/customer-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { supportKeys } from './support-keys.ts';

/** GET /api/customer/support-requests → the organisation's requests with their replies. */
export function useSupportRequests() {
  return useQuery(endpointQuery(supportKeys.requests(), '/api/customer/support-requests', ZCustomerSupportRequestList));
}
