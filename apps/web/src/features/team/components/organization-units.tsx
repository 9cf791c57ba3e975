import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { TProfile } from '@spacecapture/shared/contracts/auth';
import { labelOf } from '@spacecapture/shared/enums';
import { type TUnitSystem, UNIT_SYSTEM_OPTIONS } from '@spacecapture/shared/units';
import { type FormEvent, useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useUpdateOrganizationUnits } from '../api/update-organization-units.ts';

/**
 * The customer organisation's currency and unit system (decision 203). The currency is the
 * company's to set (its quotes and invoices are in it); the owner chooses the unit system its
 * people read and type areas in. Other members read both.
 */
export function OrganizationUnits({ profile }: { profile: TProfile }) {
  const organization = profile.organization;
  const update = useUpdateOrganizationUnits();
  const [unitSystem, setUnitSystem] = useState<TUnitSystem>(organization?.unitSystem ?? 'imperial');
  if (!organization) return null;
  const isOwner = profile.role === 'customer_admin';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(unitSystem, {
      onError: (error) => notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) }),
    });
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz={20}>
          Currency and units
        </Title>
        <Text size="sm" data-testid="organization-currency">
          Currency: <strong>{organization.currency}</strong>. Your quotes and invoices are in it; to change it, contact
          the SpaceCapture team.
        </Text>
        {isOwner ? (
          <form onSubmit={onSubmit} noValidate aria-label="Unit system">
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label="Unit system"
                description="Areas are shown and asked in it"
                w={260}
                data={UNIT_SYSTEM_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
                value={unitSystem}
                onChange={(event) => setUnitSystem(event.currentTarget.value as TUnitSystem)}
              />
              <Button type="submit" loading={update.isPending} disabled={unitSystem === organization.unitSystem}>
                Save unit system
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm">Unit system: {labelOf(UNIT_SYSTEM_OPTIONS, organization.unitSystem)}</Text>
        )}
      </Stack>
    </Paper>
  );
}
