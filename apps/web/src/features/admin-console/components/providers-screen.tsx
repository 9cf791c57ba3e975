import { ProviderDetail } from './provider-detail.tsx';
import { ProvidersList } from './providers-list.tsx';
import { useListParams } from './use-list-params.ts';

/** /admin/providers: the list, or one provider's detail when the URL names it (?provider=<id>). */
export function ProvidersScreen() {
  const { params, update } = useListParams();
  const providerId = params.get('provider');
  if (providerId) return <ProviderDetail id={providerId} onBack={() => update({ provider: null })} />;
  return <ProvidersList />;
}
