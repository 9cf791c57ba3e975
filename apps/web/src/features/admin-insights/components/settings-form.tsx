import { Alert, Anchor, Button, Center, Group, Loader, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { ADMIN_CONSOLE_MESSAGES, SETTINGS_LIMITS } from '@spacecapture/shared/contracts/admin-console/common';
import type { TSettings } from '@spacecapture/shared/contracts/admin-console/settings';
import { REVIEW_LIMITS } from '@spacecapture/shared/contracts/order-review';
import { formatDateTime } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { type FormEvent, useState } from 'react';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import {
  parseSettingsDraft,
  settingsFieldErrors,
  type TSettingsDraft,
  type TSettingsFieldErrors,
} from '../lib/settings-form.ts';

const SAVE_FAILED = 'Settings not saved';

function SettingsEditor({ settings }: { settings: TSettings }) {
  const updateSettings = useUpdateSettings({ onSuccess: () => notifySuccess(ADMIN_CONSOLE_MESSAGES.settingsSaved) });
  const [draft, setDraft] = useState<TSettingsDraft>(settings.flags);
  const [errors, setErrors] = useState<TSettingsFieldErrors>({});

  function edit<K extends keyof TSettingsDraft>(key: K, value: TSettingsDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseSettingsDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    updateSettings.mutate(parsed.value, {
      onSuccess: (saved) => {
        setDraft(saved.flags);
        setErrors({});
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? settingsFieldErrors(error.fields) : {};
        if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
        else notifyError({ title: SAVE_FAILED, message: errorMessage(error, NETWORK_FALLBACK) });
      },
    });
  }

  const busy = updateSettings.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Settings">
      <Stack gap="lg">
        <PortalSection title="Platform Configuration">
          <NumberInput
            label="Provider acceptance deadline (hours)"
            description={`How long a provider has to accept or decline an offer, from ${SETTINGS_LIMITS.deadlineHoursMin} to ${SETTINGS_LIMITS.deadlineHoursMax} hours. Applies to offers made after saving.`}
            value={draft.providerAcceptanceDeadlineHours}
            onChange={(value) => edit('providerAcceptanceDeadlineHours', value)}
            allowNegative={false}
            maw={360}
            disabled={!settings.editable.providerAcceptanceDeadlineHours}
            error={errors.providerAcceptanceDeadlineHours}
          />
        </PortalSection>
        <PortalSection title="Feature Flags">
          <Switch
            label="Mask addresses until a provider accepts"
            description="Providers see neither the location, the order title nor the customer's name of an offer before accepting it."
            checked={draft.addressMaskingDefault}
            onChange={(event) => edit('addressMaskingDefault', event.currentTarget.checked)}
            disabled={!settings.editable.addressMaskingDefault}
            error={errors.addressMaskingDefault}
          />
          <Switch
            label="Require two-factor authentication for admins"
            description={
              settings.editable.mfaRequiredForAdmins
                ? 'Every admin must set up an authenticator app before using the admin portal.'
                : 'Every admin must set up an authenticator app before using the admin portal. Only the master admin can change this.'
            }
            checked={draft.mfaRequiredForAdmins}
            onChange={(event) => edit('mfaRequiredForAdmins', event.currentTarget.checked)}
            disabled={!settings.editable.mfaRequiredForAdmins}
            error={errors.mfaRequiredForAdmins}
          />
          <Switch
            label="Approve deliveries automatically"
            description="A delivered order the customer neither approves nor sends back for changes is approved after the days below. Both sides are told."
            checked={draft.autoApproveDeliveries}
            onChange={(event) => edit('autoApproveDeliveries', event.currentTarget.checked)}
            disabled={!settings.editable.autoApproveDeliveries}
            error={errors.autoApproveDeliveries}
          />
          <NumberInput
            label="Approve after (days)"
            description={`Days after delivery, from ${REVIEW_LIMITS.autoApproveDaysMin} to ${REVIEW_LIMITS.autoApproveDaysMax}.`}
            value={draft.autoApproveAfterDays}
            onChange={(value) => edit('autoApproveAfterDays', value)}
            allowNegative={false}
            maw={360}
            disabled={!settings.editable.autoApproveAfterDays}
            error={errors.autoApproveAfterDays}
          />
          <Switch
            label="Offer approved orders automatically"
            description="Offer each approved order to the best-ranked provider, then the next one on a decline or an expired deadline, until one accepts. Admins can stop it on the order."
            checked={draft.autoOfferCascade}
            onChange={(event) => edit('autoOfferCascade', event.currentTarget.checked)}
            disabled={!settings.editable.autoOfferCascade}
            error={errors.autoOfferCascade}
          />
          <Switch
            label="Pay providers by Stripe on a schedule"
            description="Once a day, pay everything due to providers whose Stripe account is ready by Stripe transfer. Providers without one are left for a bank transfer; do not also pay a ready provider by hand."
            checked={draft.scheduledStripePayouts}
            onChange={(event) => edit('scheduledStripePayouts', event.currentTarget.checked)}
            disabled={!settings.editable.scheduledStripePayouts}
            error={errors.scheduledStripePayouts}
          />
        </PortalSection>
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            {settings.updatedAt
              ? `Last saved ${formatDateTime(settings.updatedAt)}.`
              : 'The defaults apply: never saved.'}
          </Text>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings (spec 001 §2, §3): the feature flags, saved together and audited by the server. */
export function SettingsForm() {
  const settings = useSettings();
  if (settings.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading settings" />
      </Center>
    );
  }
  if (settings.isError) {
    return <QueryError error={settings.error} onRetry={() => settings.refetch()} what="the settings" />;
  }
  return (
    <Stack gap="lg">
      <SettingsEditor key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} />
      <PortalSection title="Integration Settings" gap="sm">
        <Text size="sm">
          E-mail delivery, shared rate limits and the database are set in the server's environment (SMTP_URL, MAIL_FROM,
          REDIS_URL, DATABASE_URL) when it starts, so that no secret is stored or shown here. Without SMTP_URL, e-mails
          are kept in the outbox instead of being delivered.
        </Text>
        <Alert color="gray" variant="light">
          <Anchor component={AppLink} to={`${PORTAL_PATHS.admin.audit}?tab=outbox`} size="sm">
            See every e-mail in the outbox
          </Anchor>
        </Alert>
      </PortalSection>
    </Stack>
  );
}
