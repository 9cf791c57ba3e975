import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  BILLING_MODE_LABELS,
  BILLING_MODES,
  BILLING_SETTINGS_TOASTS,
  type TBillingMode,
  type TOrganizationBilling,
  ZOrganizationBilling,
} from '@spacecapture/shared/contracts/invoices';
import { FIELD_LIMITS } from '@spacecapture/shared/fields';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import {
  useOrganizationBilling,
  useSaveMonthlyApproval,
  useSaveOrganizationBilling,
} from '../api/organization-billing.ts';

/** What the fields hold: text as typed, the deposit as the number input gives it ('' when empty). */
type TBillingFields = {
  mode: TBillingMode;
  depositPercent: number | string;
  payBeforeDownload: boolean;
  legalName: string;
  address: string;
  country: string;
  taxId: string;
};

const FIELD_NAMES = [
  'mode',
  'depositPercent',
  'payBeforeDownload',
  'legalName',
  'address',
  'country',
  'taxId',
] as const;

/**
 * The fields become the saved shape before the shared schema checks them: an empty country is
 * none, a country is upper-cased, and a deposit percentage counts only in the deposit mode.
 */
const ZBillingFields = z
  .object({
    mode: z.enum(BILLING_MODES),
    depositPercent: z.union([z.number(), z.string()]),
    payBeforeDownload: z.boolean(),
    legalName: z.string(),
    address: z.string(),
    country: z.string(),
    taxId: z.string(),
  })
  .transform(
    (fields): z.input<typeof ZOrganizationBilling> => ({
      ...fields,
      country: fields.country.trim() ? fields.country.trim().toUpperCase() : null,
      depositPercent:
        fields.mode === 'deposit' && typeof fields.depositPercent === 'number' ? fields.depositPercent : null,
    }),
  )
  .pipe(ZOrganizationBilling);

/**
 * The approval for monthly invoicing (decision 242), saved on its own the moment it is switched:
 * Monthly invoicing is offered in the form below only once it is on.
 */
function MonthlyApprovalSwitch({ customerOrgId, approved }: { customerOrgId: string; approved: boolean }) {
  const save = useSaveMonthlyApproval(customerOrgId);
  return (
    <Switch
      label="Approved for monthly invoicing"
      description="An approved account can be invoiced once a month for every order accepted in it; its downloads never wait for payment."
      checked={approved}
      disabled={save.isPending}
      onChange={async (event) => {
        const next = event.currentTarget.checked;
        try {
          await save.mutateAsync({ approved: next });
          notifySuccess(next ? BILLING_SETTINGS_TOASTS.monthlyApproved : BILLING_SETTINGS_TOASTS.monthlyWithdrawn);
        } catch (error) {
          notifyError({
            ...BILLING_SETTINGS_TOASTS.failed,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }}
    />
  );
}

/**
 * A customer organisation's billing on its admin page (decisions 209, 211, 242): its approval for
 * monthly invoicing, when it is invoiced, whether its downloads wait for the invoice to be paid,
 * and the buyer details its invoices carry.
 */
export function OrganizationBillingForm({ customerOrgId }: { customerOrgId: string }) {
  const billing = useOrganizationBilling(customerOrgId);
  if (billing.isError) return <QueryError error={billing.error} what="the billing" />;
  if (!billing.data) return null;
  const saved = billing.data;
  return (
    <OrganizationBillingFields
      monthlyApproved={saved.monthlyApproved}
      customerOrgId={customerOrgId}
      initial={{
        mode: saved.mode,
        depositPercent: saved.depositPercent ?? '',
        payBeforeDownload: saved.payBeforeDownload,
        legalName: saved.legalName ?? '',
        address: saved.address ?? '',
        country: saved.country ?? '',
        taxId: saved.taxId ?? '',
      }}
    />
  );
}

function OrganizationBillingFields({
  customerOrgId,
  initial,
  monthlyApproved,
}: {
  customerOrgId: string;
  initial: TBillingFields;
  monthlyApproved: boolean;
}) {
  const save = useSaveOrganizationBilling(customerOrgId);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TBillingFields, unknown, TOrganizationBilling>({
    resolver: zodResolver(ZBillingFields),
    defaultValues: initial,
  });
  const mode = watch('mode');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(BILLING_SETTINGS_TOASTS.organizationSaved);
    } catch (error) {
      handleSubmissionError(error, {
        setFieldError: (field, message) => {
          const name = FIELD_NAMES.find((candidate) => candidate === field);
          if (!name) return false;
          setError(name, { type: 'server', message }, { shouldFocus: true });
          return true;
        },
        failureToast: (message) => ({ ...BILLING_SETTINGS_TOASTS.failed, message }),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Billing">
      <Stack gap="md">
        <MonthlyApprovalSwitch customerOrgId={customerOrgId} approved={monthlyApproved} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Invoiced"
            description={
              mode === 'monthly'
                ? 'One invoice a month, early in the next, for every order accepted in it'
                : "When this organization's invoices are issued"
            }
            data={BILLING_MODES.map((value) => ({
              value,
              label:
                value === 'monthly' && !monthlyApproved
                  ? `${BILLING_MODE_LABELS[value]} (approve the account first)`
                  : BILLING_MODE_LABELS[value],
              disabled: value === 'monthly' && !monthlyApproved,
            }))}
            error={errors.mode?.message}
            {...register('mode')}
          />
          {mode === 'deposit' ? (
            <Controller
              control={control}
              name="depositPercent"
              render={({ field }) => (
                <NumberInput
                  label="Deposit (%)"
                  description="Invoiced at acceptance; the rest at delivery"
                  min={1}
                  max={99}
                  allowDecimal={false}
                  required
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.depositPercent?.message}
                />
              )}
            />
          ) : null}
        </SimpleGrid>
        {/* Mantine's Switch holds its checked state itself: it is bound through a Controller, not register. */}
        <Controller
          control={control}
          name="payBeforeDownload"
          render={({ field }) => (
            <Switch
              label="Pay before download"
              description="Downloads and share links of an order wait until its invoice is paid; the files stay visible in the viewer."
              name={field.name}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              error={errors.payBeforeDownload?.message}
            />
          )}
        />
        <Text size="sm" fw={600}>
          Buyer on its invoices
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Legal name"
            description="The organization's name when empty"
            maxLength={FIELD_LIMITS.name}
            error={errors.legalName?.message}
            {...register('legalName')}
          />
          <TextInput label="Tax ID" maxLength={40} error={errors.taxId?.message} {...register('taxId')} />
          <Textarea label="Address" rows={3} maxLength={500} error={errors.address?.message} {...register('address')} />
          <TextInput
            label="Country (two letters)"
            description="Its tax rate applies"
            maxLength={2}
            error={errors.country?.message}
            {...register('country')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" size="sm" loading={isSubmitting}>
            Save billing
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
