import { ZAdminProviderDetail } from '@spacecapture/shared/contracts/admin-console/organizations';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/providers/:id → one provider organisation with its members. */
export function useProvider(id: string) {
  return useQuery(
    endpointQuery(consoleKeys.provider(id), `/api/admin/providers/${encodeURIComponent(id)}`, ZAdminProviderDetail),
  );
}
