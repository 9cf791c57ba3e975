import { ZOrganizationOptions } from '@spacecapture/shared/contracts/invitations';
import type { TOrgType } from '@spacecapture/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api-hooks.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /api/admin/organizations/options?type= → active organisations of that type, by name. */
export function organizationOptionsQueryOptions(type: TOrgType) {
  return endpointQuery(
    adminKeys.organizationOptions(type),
    `/api/admin/organizations/options?type=${type}`,
    ZOrganizationOptions,
  );
}

export function useOrganizationOptions(type: TOrgType) {
  return useQuery(organizationOptionsQueryOptions(type));
}
