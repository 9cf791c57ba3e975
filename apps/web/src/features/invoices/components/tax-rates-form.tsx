import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { BILLING_SETTINGS_TOASTS, type TTaxRates, ZTaxRates } from '@spacecapture/shared/contracts/invoices';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import { useSaveTaxRates, useTaxRates } from '../api/organization-billing.ts';

const RATE_MESSAGE = 'Enter a rate between 0 and 100 percent, such as 20 or 8.5.';

/** A rate as typed: a percentage with up to two decimals ('' while empty), stored in basis points. */
type TRateFields = { country: string; label: string; ratePercent: number | string; reverseChargeForBusiness: boolean };
type TTaxRatesFields = { rates: TRateFields[] };

const ZTaxRatesFields = z
  .object({
    rates: z.array(
      z.object({
        country: z.string(),
        label: z.string(),
        ratePercent: z
          .union([z.number(), z.string()])
          .refine((value) => typeof value === 'number' && value >= 0 && value <= 100, RATE_MESSAGE),
        reverseChargeForBusiness: z.boolean(),
      }),
    ),
  })
  .transform(
    (fields): z.input<typeof ZTaxRates> => ({
      rates: fields.rates.map(({ ratePercent, ...rate }) => ({
        ...rate,
        country: rate.country.trim().toUpperCase(),
        rateBasisPoints: Math.round(Number(ratePercent) * 100),
      })),
    }),
  )
  .pipe(ZTaxRates);

const NEW_RATE: TRateFields = { country: '', label: 'VAT', ratePercent: '', reverseChargeForBusiness: false };

/**
 * Admin Settings, Tax rates (decision 209): one rate per buyer country, optionally charging
 * nothing to business buyers (reverse charge). Saving replaces the list; issued invoices keep theirs.
 */
export function TaxRatesForm() {
  const rates = useTaxRates();
  if (rates.isError) return <QueryError error={rates.error} what="the tax rates" />;
  if (!rates.data) return null;
  return (
    <TaxRatesFields
      initial={{
        rates: rates.data.rates.map((rate) => ({
          country: rate.country,
          label: rate.label,
          ratePercent: rate.rateBasisPoints / 100,
          reverseChargeForBusiness: rate.reverseChargeForBusiness,
        })),
      }}
    />
  );
}

function TaxRatesFields({ initial }: { initial: TTaxRatesFields }) {
  const save = useSaveTaxRates();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TTaxRatesFields, unknown, TTaxRates>({ resolver: zodResolver(ZTaxRatesFields), defaultValues: initial });
  const { fields, append, remove } = useFieldArray({ control, name: 'rates' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(BILLING_SETTINGS_TOASTS.taxRatesSaved);
    } catch (error) {
      handleSubmissionError(error, {
        setFieldError: (field, message) => {
          if (field !== 'rates') return false;
          setError('rates', { type: 'server', message });
          return true;
        },
        failureToast: (message) => ({ ...BILLING_SETTINGS_TOASTS.failed, message }),
      });
    }
  });

  // The one-rate-per-country refusal belongs to the list, not to a row.
  const listError = errors.rates?.root?.message ?? errors.rates?.message;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="tax-rates">
      <form onSubmit={onSubmit} noValidate aria-label="Tax rates">
        <Stack gap="md">
          <Title order={2} fz={22} id="tax-rates">
            Tax rates
          </Title>
          <Text size="sm" c="dimmed">
            One rate per buyer country. A buyer whose country has no rate pays no tax. Invoices already issued keep
            their tax.
          </Text>
          {fields.length === 0 ? <Text size="sm">No tax rates yet.</Text> : null}
          {fields.map((row, index) => {
            const rowErrors = errors.rates?.[index];
            return (
              <Paper
                key={row.id}
                withBorder
                radius="md"
                p="sm"
                component="fieldset"
                aria-label={`Tax rate ${index + 1}`}
              >
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                  <TextInput
                    label="Country (two letters)"
                    maxLength={2}
                    required
                    error={rowErrors?.country?.message}
                    {...register(`rates.${index}.country`)}
                  />
                  <TextInput
                    label="Label"
                    maxLength={40}
                    required
                    error={rowErrors?.label?.message}
                    {...register(`rates.${index}.label`)}
                  />
                  <Controller
                    control={control}
                    name={`rates.${index}.ratePercent`}
                    render={({ field }) => (
                      <NumberInput
                        label="Rate (%)"
                        min={0}
                        max={100}
                        decimalScale={2}
                        required
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={rowErrors?.ratePercent?.message}
                      />
                    )}
                  />
                  <Stack gap={6} justify="flex-end">
                    <Controller
                      control={control}
                      name={`rates.${index}.reverseChargeForBusiness`}
                      render={({ field }) => (
                        <Checkbox
                          label="Reverse charge for business buyers"
                          name={field.name}
                          checked={field.value}
                          onChange={(event) => field.onChange(event.currentTarget.checked)}
                          onBlur={field.onBlur}
                        />
                      )}
                    />
                    <Button variant="subtle" color="red" size="compact-sm" onClick={() => remove(index)}>
                      Remove rate {index + 1}
                    </Button>
                  </Stack>
                </SimpleGrid>
              </Paper>
            );
          })}
          {listError ? (
            <Text size="sm" role="status" c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))">
              {listError}
            </Text>
          ) : null}
          <Group>
            <Button variant="default" onClick={() => append(NEW_RATE)}>
              Add a tax rate
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Save tax rates
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
