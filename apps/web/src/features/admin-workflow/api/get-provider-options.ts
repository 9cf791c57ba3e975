import { ZProviderOptions } from '@spacecapture/shared/contracts/admin-workflow';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/assignments/providers?orderId= → active providers with devices, certifications and fit. */
export function getProviderOptions(orderId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/assignments/providers?orderId=${encodeURIComponent(orderId)}`, {
    schema: ZProviderOptions,
    ...(signal ? { signal } : {}),
  });
}

export function providerOptionsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: workflowKeys.providerOptions(orderId),
    queryFn: ({ signal }) => getProviderOptions(orderId, signal),
  });
}

export function useProviderOptions(orderId: string) {
  return useQuery(providerOptionsQueryOptions(orderId));
}
