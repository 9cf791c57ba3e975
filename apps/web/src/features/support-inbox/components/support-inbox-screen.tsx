import { useListParams } from '../../../lib/list-params.ts';
import { SupportRequestDetail } from './support-request-detail.tsx';
import { SupportRequestsList } from './support-requests-list.tsx';

/** /admin/support: the inbox, or one request when the URL names it (?request=<id>). */
export function SupportInboxScreen() {
  const { params, update } = useListParams();
  const requestId = params.get('request');
  if (requestId) return <SupportRequestDetail id={requestId} onBack={() => update({ request: null })} />;
  return <SupportRequestsList />;
}
