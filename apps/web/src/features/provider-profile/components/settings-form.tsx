import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { WORKFLOW_TOASTS } from '@spacecapture/shared/contracts/admin-workflow';
import type { TProviderSettings } from '@spacecapture/shared/contracts/provider-portal';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { settingsFormSchema, type TSettingsFormValues, toFormValues } from './settings-form-schema.ts';

export const SETTINGS_SAVED = { title: 'Settings saved', message: 'Your settings have been saved.' } as const;

const FORM_FIELDS = new Set(['businessName', 'contactEmail', 'phone', 'availability', 'serviceRegions']);

const NOTIFICATION_LABELS = [
  ['newProjectAssignments', 'New Project Assignments'],
  ['projectUpdates', 'Project Updates'],
  ['paymentNotifications', 'Payment Notifications'],
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} fz={18} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

type TSettingsFormProps = {
  settings: TProviderSettings;
  /** Only a provider admin may rename the business (the server refuses anyone else). */
  canRename: boolean;
  /** The hardware section, read from the device inventory. */
  hardware?: ReactNode;
};

/** Profile, availability, regions and notification preferences, saved together (spec 001 §2 Settings). */
export function SettingsForm({ settings, canRename, hardware }: TSettingsFormProps) {
  const update = useUpdateSettings();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(settingsFormSchema(canRename)), defaultValues: toFormValues(settings) });

  const onSubmit = handleSubmit(async (request) => {
    try {
      const saved = await update.mutateAsync(request);
      reset(toFormValues(saved));
      notifySuccess(SETTINGS_SAVED);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = Object.entries(error.fields).map(([key, message]) => [key.split('.')[0] ?? key, message]);
        const known = fields.filter(([field]) => field && FORM_FIELDS.has(field));
        for (const [field, message] of known) {
          setError(field as FieldPath<TSettingsFormValues>, { message }, { shouldFocus: true });
        }
        if (known.length > 0 && known.length === fields.length) return;
      }
      notifyError({ title: WORKFLOW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Settings">
      <Stack gap="md">
        <Section title="Profile Information">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <TextInput
              label="Business name"
              readOnly={!canRename}
              description={canRename ? undefined : 'Only a provider admin can change the business name.'}
              error={errors.businessName?.message}
              {...register('businessName')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.contactEmail?.message}
              {...register('contactEmail')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />
          </SimpleGrid>
        </Section>
        <Section title="Service Availability">
          <Stack gap="md">
            <Textarea
              label="Availability"
              description={
                <>
                  A note for the SpaceCapture team. Offers follow the working hours and service bases on your{' '}
                  <Anchor component={AppLink} to={PORTAL_PATHS.provider.schedule} inherit>
                    Schedule page
                  </Anchor>
                  .
                </>
              }
              placeholder="e.g. Weekdays 8:00–18:00, weekends on request"
              rows={3}
              error={errors.availability?.message}
              {...register('availability')}
            />
            <Controller
              control={control}
              name="serviceRegions"
              render={({ field }) => (
                <TagsInput
                  label="Service regions"
                  description="Press Enter or type a comma after each region."
                  splitChars={[',']}
                  acceptValueOnBlur
                  clearable
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.serviceRegions?.message}
                />
              )}
            />
          </Stack>
        </Section>
        {hardware ? <Section title="Hardware Inventory">{hardware}</Section> : null}
        <Section title="Notification Preferences">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Your organisation's e-mail topics: one switched off here reaches no member. Each member chooses their own
              events and channels under{' '}
              <Anchor component={AppLink} to={`${PORTAL_PATHS.account}#notifications`} inherit>
                Account, Notifications
              </Anchor>
              .
            </Text>
            {NOTIFICATION_LABELS.map(([name, label]) => (
              <Controller
                key={name}
                control={control}
                name={`notifications.${name}`}
                render={({ field }) => (
                  <Checkbox
                    label={label}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            ))}
          </Stack>
        </Section>
        <Group>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty && !isSubmitting}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
