import { ZProviderOptions } from '@spacecapture/shared/contracts/admin-workflow';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/assignments/providers?orderId= → active providers with devices, certifications and fit. */
export function providerOptionsQueryOptions(orderId: string) {
  return endpointQuery(
    workflowKeys.providerOptions(orderId),
    `/api/admin/assignments/providers?orderId=${encodeURIComponent(orderId)}`,
    ZProviderOptions,
  );
}

export function useProviderOptions(orderId: string) {
  return useQuery(providerOptionsQueryOptions(orderId));
}
