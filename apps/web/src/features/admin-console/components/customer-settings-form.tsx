import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  CUSTOMER_SETTINGS_MESSAGES,
  type TAdminCustomer,
  ZUpdateCustomerSettingsRequest,
} from '@spacecapture/shared/contracts/admin-console/organizations';
import { type TUnitSystem, UNIT_SYSTEM_OPTIONS } from '@spacecapture/shared/units';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useUpdateCustomerSettings } from '../api/update-customer-settings.ts';

type TFieldErrors = Partial<Record<'currency' | 'unitSystem', string>>;

/**
 * A customer organisation's default currency and unit system (decision 203): each new order takes
 * the currency, through its quotes, the provider's compensation and every page and e-mail; orders
 * already made keep theirs. The unit system is how the organisation's people read and type areas.
 */
export function CustomerSettingsForm({ customer }: { customer: TAdminCustomer }) {
  const update = useUpdateCustomerSettings();
  const [currency, setCurrency] = useState(customer.currency);
  const [unitSystem, setUnitSystem] = useState<string>(customer.unitSystem);
  const [errors, setErrors] = useState<TFieldErrors>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZUpdateCustomerSettingsRequest.safeParse({ currency, unitSystem });
    if (!parsed.success) {
      const found: TFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'currency' || field === 'unitSystem') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(
      { id: customer.id, ...parsed.data },
      {
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
            setErrors({ currency: error.fields.currency, unitSystem: error.fields.unitSystem });
            return;
          }
          notifyError({
            title: CUSTOMER_SETTINGS_MESSAGES.failed.title,
            message: errorMessage(error, NETWORK_FALLBACK),
          });
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Currency and units">
      <Stack gap="sm">
        <Group align="flex-start" gap="md">
          <TextInput
            label="Default currency"
            description="ISO 4217 code, such as GBP"
            maxLength={3}
            w={200}
            value={currency}
            onChange={(event) => {
              setCurrency(event.currentTarget.value.toUpperCase());
              setErrors((current) => ({ ...current, currency: undefined }));
            }}
            error={errors.currency}
          />
          <NativeSelect
            label="Unit system"
            description="How its people read and type areas"
            w={260}
            data={UNIT_SYSTEM_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
            value={unitSystem}
            onChange={(event) => {
              setUnitSystem(event.currentTarget.value as TUnitSystem);
              setErrors((current) => ({ ...current, unitSystem: undefined }));
            }}
            error={errors.unitSystem}
          />
        </Group>
        <Text size="sm" c="dimmed">
          New orders of this organization are in its default currency: their quotes, the provider's compensation, every
          page and e-mail. Orders already made keep the currency they were made in.
        </Text>
        <Group>
          <Button type="submit" size="sm" loading={update.isPending}>
            Save currency and units
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
