import { useListParams } from '../../../lib/list-params.ts';
import { ProviderDetail } from './provider-detail.tsx';
import { ProvidersList } from './providers-list.tsx';

/** /admin/providers: the list, or one provider's detail when the URL names it (?provider=<id>). */
export function ProvidersScreen() {
  const { params, update } = useListParams();
  const providerId = params.get('provider');
  if (providerId) return <ProviderDetail id={providerId} onBack={() => update({ provider: null })} />;
  return <ProvidersList />;
}
