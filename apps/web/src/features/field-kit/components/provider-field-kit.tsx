import { useProfile } from '../../../lib/auth/profile-context.ts';
import { useProviderApp } from '../register-provider-app.ts';
import { OfflineActionsPanel } from './offline-actions-panel.tsx';

/** What every provider page carries for work on site (decision 225): the installable app and the offline state. */
export function ProviderFieldKit() {
  useProviderApp();
  return <OfflineActionsPanel userId={useProfile().user.id} />;
}
