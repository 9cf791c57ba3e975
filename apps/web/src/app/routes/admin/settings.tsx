import { Stack, Title } from '@mantine/core';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { SettingsForm } from '../../../features/admin-insights/components/settings-form.tsx';
import { TourHostsForm } from '../../../features/admin-insights/components/tour-hosts-form.tsx';
import { PriceBookEditor } from '../../../features/admin-workflow/components/price-book-editor.tsx';
import { ApiKeysPanel } from '../../../features/api-keys/components/api-keys-panel.tsx';
import { CompanyBillingForm } from '../../../features/invoices/components/company-billing-form.tsx';
import { TaxRatesForm } from '../../../features/invoices/components/tax-rates-form.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';

export function AdminSettingsRoute() {
  const profile = useProfile();
  return (
    <PortalPage title="Settings" description="Platform configuration, feature flags and integration settings.">
      <SettingsForm />
      <PriceBookEditor />
      <CompanyBillingForm />
      <TaxRatesForm />
      <TourHostsForm />
      {profile.role === 'master_admin' ? (
        <Stack gap="md">
          <Title order={2} fz={22}>
            Platform API keys
          </Title>
          <ApiKeysPanel basePath="/api/admin/api-keys" />
        </Stack>
      ) : null}
    </PortalPage>
  );
}
