import { ZOutboxEmailDetail } from '@spacecapture/shared/contracts/admin-console/outbox';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { insightsKeys } from './insights-keys.ts';

/** GET /api/admin/outbox/:id → the e-mail with its HTML and text (secret links redacted). */
export function outboxEmailQueryOptions(id: string) {
  return endpointQuery(insightsKeys.outboxEmail(id), `/api/admin/outbox/${encodeURIComponent(id)}`, ZOutboxEmailDetail);
}

export function useOutboxEmail(id: string) {
  return useQuery(outboxEmailQueryOptions(id));
}
