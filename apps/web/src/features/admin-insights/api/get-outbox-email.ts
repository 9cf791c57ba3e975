import { ZOutboxEmailDetail } from '@spacecapture/shared/contracts/admin-console/outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { insightsKeys } from './insights-keys.ts';

/** GET /api/admin/outbox/:id → the e-mail with its HTML and text (secret links redacted). */
export function getOutboxEmail(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/outbox/${encodeURIComponent(id)}`, {
    schema: ZOutboxEmailDetail,
    ...(signal ? { signal } : {}),
  });
}

export function outboxEmailQueryOptions(id: string) {
  return queryOptions({
    queryKey: insightsKeys.outboxEmail(id),
    queryFn: ({ signal }) => getOutboxEmail(id, signal),
  });
}

export function useOutboxEmail(id: string) {
  return useQuery(outboxEmailQueryOptions(id));
}
