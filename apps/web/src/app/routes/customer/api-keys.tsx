import { Alert } from '@mantine/core';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { ApiKeysPanel } from '../../../features/api-keys/components/api-keys-panel.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';

export function CustomerApiKeysRoute() {
  const profile = useProfile();
  return (
    <PortalPage
      title="API keys"
      description="Keys let your own systems read orders, create capture requests and fetch deliverables through the API."
    >
      {profile.role === 'customer_admin' ? (
        <ApiKeysPanel basePath="/api/customer/api-keys" />
      ) : (
        <Alert color="blue">Only your organization's admins manage API keys.</Alert>
      )}
    </PortalPage>
  );
}
