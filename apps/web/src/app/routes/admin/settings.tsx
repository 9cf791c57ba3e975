import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { SettingsForm } from '../../../features/admin-insights/components/settings-form.tsx';

export function AdminSettingsRoute() {
  return (
    <PortalPage title="Settings" description="Platform configuration, feature flags and integration settings.">
      <SettingsForm />
    </PortalPage>
  );
}
