import { zodResolver } from '@hookform/resolvers/zod';
import { Button, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { BILLING_SETTINGS_TOASTS, type TTaxRates, ZTaxRates } from '@spacecapture/shared/contracts/invoices';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField, EditableListForm } from '../../../components/form/editable-list-form.tsx';
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
    <EditableListForm
      id="tax-rates"
      title="Tax rates"
      description="One rate per buyer country. A buyer whose country has no rate pays no tax. Invoices already issued keep their tax."
      emptyText="No tax rates yet."
      rowKeys={fields.map((row) => row.id)}
      rowName="Tax rate"
      renderRow={(index) => {
        const rowErrors = errors.rates?.[index];
        return (
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
              <CheckboxField
                control={control}
                name={`rates.${index}.reverseChargeForBusiness`}
                label="Reverse charge for business buyers"
              />
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => remove(index)}>
                Remove rate {index + 1}
              </Button>
            </Stack>
          </SimpleGrid>
        );
      }}
      listError={listError}
      addLabel="Add a tax rate"
      onAdd={() => append(NEW_RATE)}
      saveLabel="Save tax rates"
      saving={isSubmitting}
      onSubmit={onSubmit}
    />
  );
}
