import { ZOrganizationOptions } from '@spacecapture/shared/contracts/invitations';
import type { TOrgType } from '@spacecapture/shared/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /api/admin/organizations/options?type= → active organisations of that type, by name. */
export function getOrganizationOptions(type: TOrgType, signal?: AbortSignal) {
  return apiRequest(`/api/admin/organizations/options?type=${type}`, {
    schema: ZOrganizationOptions,
    ...(signal ? { signal } : {}),
  });
}

export function organizationOptionsQueryOptions(type: TOrgType) {
  return queryOptions({
    queryKey: adminKeys.organizationOptions(type),
    queryFn: ({ signal }) => getOrganizationOptions(type, signal),
  });
}

export function useOrganizationOptions(type: TOrgType) {
  return useQuery(organizationOptionsQueryOptions(type));
}
