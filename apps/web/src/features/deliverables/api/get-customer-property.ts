import { ZCustomerProperty } from '@spacecapture/shared/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/properties/:propertyId → the site address and its orders' current files (decision 237). */
export function useCustomerProperty(propertyId: string) {
  return useQuery(
    endpointQuery(
      customerKeys.property(propertyId),
      `/api/customer/properties/${encodeURIComponent(propertyId)}`,
      ZCustomerProperty,
    ),
  );
}
