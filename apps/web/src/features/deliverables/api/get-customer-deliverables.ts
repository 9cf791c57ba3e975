import { ZDeliverablesByOrder } from '@spacecapture/shared/contracts/customer-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/deliverables → the organisation's orders that have files, with their files. */
export function useCustomerDeliverables() {
  return useQuery(endpointQuery(customerKeys.deliverables(), '/api/customer/deliverables', ZDeliverablesByOrder));
}
