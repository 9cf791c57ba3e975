import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TCreateCustomerOrderRequest } from '@spacecapture/shared/contracts/customer-portal';
import { ESTIMATOR_LOCATIONS, formatPriceRange, formatTurnaround } from '@spacecapture/shared/estimator';
import { ORDER_AGAIN_PARAM } from '@spacecapture/shared/portal-paths';
import { areaUnitName } from '@spacecapture/shared/units';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { PlaceField, type TPickedPlace } from '../../../components/form/place-field.tsx';
import {
  SpaceSelectsFields,
  VisitNotesFields,
  withPlaceholder,
} from '../../../components/form/space-details-fields.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { useOrganizationUnits, useProfile } from '../../../lib/auth/profile-context.ts';
import { useFormAttemptKey } from '../../../lib/idempotency-key.ts';
import { useQueryParams } from '../../../lib/navigation.ts';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import { useCreateCustomerOrder } from '../api/create-customer-order.ts';
import { useCustomerSites } from '../api/get-customer-sites.ts';
import { useOrderAgain } from '../api/get-order-again.ts';
import {
  EMPTY_REQUEST_FORM,
  formValuesOfOrder,
  liveEstimate,
  requestFormSchema,
  type TRequestFormValues,
} from '../lib/request-form.ts';

type TRequestFields = Omit<TCreateCustomerOrderRequest, 'sourceOrderId'>;

/** A server message names the request's field; the form's estimate fields are flat. */
const FORM_FIELD_OF: Record<string, keyof TRequestFormValues> = {
  'estimate.squareMeters': 'size',
  'estimate.squareFeet': 'size',
  'estimate.locationType': 'locationType',
  // The estimate's urgency is the form's timeline.
  'estimate.urgency': 'timeline',
  placeId: 'location',
};

function EstimateCard({ values }: { values: TRequestFormValues }) {
  const { unitSystem, currency } = useOrganizationUnits();
  const estimate = liveEstimate(values, unitSystem);
  return (
    <Paper component="section" aria-labelledby="request-estimate-title" radius="md" p="lg" bg="brand.9" c="white">
      <Stack gap="sm">
        <Title id="request-estimate-title" order={3} fz={18}>
          Your Estimate
        </Title>
        <div aria-live="polite">
          {estimate ? (
            <Stack gap="xs">
              <Text size="sm" c="brand.2" fw={600}>
                Estimated Price
              </Text>
              <Text fz={32} fw={800} lh={1.15} data-testid="request-estimate-range">
                {formatPriceRange(estimate, currency)}
              </Text>
              <Group gap="lg">
                <Text size="sm">Turnaround: {formatTurnaround(estimate.turnaroundDays)}</Text>
                <Group gap={6}>
                  <Text size="sm">Suggested Device:</Text>
                  <Badge color="teal.3" c="brand.9">
                    {estimate.suggestedDevice}
                  </Badge>
                </Group>
              </Group>
              <Text size="sm" c="brand.1">
                This estimate goes with your request. Your final price is confirmed in the quote we send.
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="brand.1">
              Choose a space type and a timeline, and fill in the size and location type to see an estimated price
              range. The estimate is optional.
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

function RequestForm({
  initialValues,
  sourceOrder,
}: {
  initialValues: TRequestFormValues;
  sourceOrder: { id: string; title: string } | null;
}) {
  const profile = useProfile();
  const { unitSystem } = useOrganizationUnits();
  const sites = useCustomerSites();
  const createOrder = useCreateCustomerOrder();
  const resolver = useMemo(() => zodResolver(requestFormSchema(unitSystem)), [unitSystem]);
  const form = useForm<TRequestFormValues, unknown, TRequestFields>({ resolver, defaultValues: initialValues });
  const idempotencyKey = useFormAttemptKey(form.watch);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const values = useWatch({ control }) as TRequestFormValues;
  const [place, setPlace] = useState<TPickedPlace | null>(null);

  const onSubmit = form.handleSubmit((fields) => {
    createOrder.mutate(
      { request: { ...fields, sourceOrderId: sourceOrder?.id ?? null }, idempotencyKey: idempotencyKey.current() },
      {
        onError: (error) =>
          handleSubmissionError(error, {
            setFieldError: (field, message) => {
              // A window's message ("preferredWindows.0.date") goes under its row's input.
              if (field.startsWith('preferredWindows.')) {
                form.setError(field as 'preferredWindows', { type: 'server', message });
                return true;
              }
              const formField = FORM_FIELD_OF[field] ?? field;
              if (!(formField in EMPTY_REQUEST_FORM)) return false;
              form.setError(formField as keyof TRequestFormValues, { type: 'server', message }, { shouldFocus: true });
              return true;
            },
          }),
      },
    );
  });

  const siteOptions = [...new Set((sites.data?.items ?? []).map((site) => site.location))];

  return (
    <FormProvider {...form}>
      <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} onSubmit={onSubmit} noValidate>
        <Stack gap="xl">
          {sourceOrder ? (
            <Alert color="blue" title="Ordering again">
              The details of “{sourceOrder.title}” are filled in. Check them, change what differs, and submit.
            </Alert>
          ) : null}
          <Text size="sm" c="var(--color-muted)" data-testid="request-ordered-by">
            Ordering for <strong>{profile.organization?.name ?? 'your organization'}</strong> as {profile.user.name} (
            {profile.user.email}).
          </Text>

          <Stack gap="md">
            <Title order={2} fz={20} c="var(--color-heading)">
              Space Details
            </Title>
            <Controller
              control={control}
              name="location"
              render={({ field }) => (
                <PlaceField
                  label="Location"
                  description="Choose one of your organization's sites or a place from the list, or enter a new address."
                  placeholder="Street address or city"
                  withAsterisk
                  suggestions={siteOptions}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  name={field.name}
                  place={place}
                  onPlaceChange={(picked) => {
                    setPlace(picked);
                    form.setValue('placeId', picked?.id ?? '');
                  }}
                  error={errors.location?.message ?? errors.placeId?.message}
                />
              )}
            />
            <SpaceSelectsFields unitSystem={unitSystem} />
            <VisitNotesFields
              timeZone={place?.timeZone ?? null}
              additionalInfoPlaceholder="Special requirements or questions..."
            />
            <TextInput
              label="Phone for this visit (Optional)"
              description="Who to call about access, if not you by e-mail."
              type="tel"
              autoComplete="tel"
              placeholder="+1 (555) 123-4567"
              error={errors.contactPhone?.message}
              {...register('contactPhone')}
            />
          </Stack>

          <Stack gap="md">
            <Title order={2} fz={20} c="var(--color-heading)">
              Estimate (Optional)
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack gap="md">
                <TextInput
                  label={`Size (${areaUnitName(unitSystem)})`}
                  inputMode="numeric"
                  placeholder={unitSystem === 'metric' ? 'e.g. 150' : 'e.g. 1600'}
                  error={errors.size?.message}
                  {...register('size')}
                />
                <NativeSelect
                  label="Location Type"
                  data={withPlaceholder('Select location type', ESTIMATOR_LOCATIONS)}
                  error={errors.locationType?.message}
                  {...register('locationType')}
                />
                <Text size="sm" c="var(--color-muted)">
                  The estimate follows the timeline chosen above.
                </Text>
              </Stack>
              <EstimateCard values={values} />
            </SimpleGrid>
          </Stack>

          <Group>
            <Button type="submit" size="md" loading={createOrder.isPending}>
              Submit Request
            </Button>
          </Group>
        </Stack>
      </Paper>
    </FormProvider>
  );
}

/**
 * The new request in the customer portal: the public request's space details without what the
 * portal knows, the organisation's sites, the estimator live; with ?from=<order id>, filled from
 * that past order ("Order again").
 */
export function NewRequestForm() {
  const { unitSystem } = useOrganizationUnits();
  const sourceOrderId = useQueryParams().get(ORDER_AGAIN_PARAM);
  const orderAgain = useOrderAgain(sourceOrderId);
  if (!sourceOrderId) return <RequestForm key="new" initialValues={EMPTY_REQUEST_FORM} sourceOrder={null} />;
  if (orderAgain.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the order to repeat" />
      </Center>
    );
  }
  if (orderAgain.isError) {
    return <QueryError error={orderAgain.error} onRetry={() => orderAgain.refetch()} what="the order to repeat" />;
  }
  return (
    <RequestForm
      key={sourceOrderId}
      initialValues={formValuesOfOrder(orderAgain.data.values, unitSystem)}
      sourceOrder={orderAgain.data.sourceOrder}
    />
  );
}
