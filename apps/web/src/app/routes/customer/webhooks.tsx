import { WebhooksScreen } from '../../../features/webhooks/components/webhooks-screen.tsx';

export function CustomerWebhooksRoute() {
  return <WebhooksScreen />;
}
