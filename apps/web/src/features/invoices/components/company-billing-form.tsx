import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { useCompanyBilling, useSaveCompanyBilling } from '../api/company-billing.ts';

type TFields = {
  legalName: string;
  address: string;
  country: string;
  taxId: string;
  paymentTermsDays: number;
  accountHolder: string;
  bankName: string;
  iban: string;
  bic: string;
};

/**
 * Admin Settings, Company details (decision 209): the seller on every invoice, the bank details of
 * its transfer instructions and the payment terms. An invoice keeps what was set when it was issued.
 */
export function CompanyBillingForm() {
  const company = useCompanyBilling();
  if (company.isError) return <QueryError error={company.error} what="the company details" />;
  if (!company.data) return null;
  const bank = company.data.bankDetails;
  return (
    <CompanyBillingFields
      initial={{
        legalName: company.data.legalName,
        address: company.data.address,
        country: company.data.country ?? '',
        taxId: company.data.taxId ?? '',
        paymentTermsDays: company.data.paymentTermsDays,
        accountHolder: bank?.accountHolder ?? '',
        bankName: bank?.bankName ?? '',
        iban: bank?.iban ?? '',
        bic: bank?.bic ?? '',
      }}
    />
  );
}

function CompanyBillingFields({ initial }: { initial: TFields }) {
  const save = useSaveCompanyBilling();
  const [fields, setFields] = useState(initial);
  // The value is read at once: the event's target is gone by the time the state update runs.
  const set = (name: keyof TFields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const hasBank = Boolean(fields.accountHolder || fields.bankName || fields.iban || fields.bic);
    save.mutate({
      legalName: fields.legalName,
      address: fields.address,
      country: fields.country ? fields.country.toUpperCase() : null,
      taxId: fields.taxId || null,
      paymentTermsDays: fields.paymentTermsDays,
      bankDetails: hasBank
        ? { accountHolder: fields.accountHolder, bankName: fields.bankName, iban: fields.iban, bic: fields.bic }
        : null,
    });
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="company-details">
      <form onSubmit={submit} aria-label="Company details">
        <Stack gap="md">
          <Title order={2} fz={22} id="company-details">
            Company details
          </Title>
          <Text size="sm" c="dimmed">
            The seller on every invoice, and the bank account customers pay by transfer.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Legal name"
              value={fields.legalName}
              onChange={set('legalName')}
              required
              maxLength={120}
            />
            <TextInput label="Tax ID" value={fields.taxId} onChange={set('taxId')} maxLength={40} />
            <Textarea label="Address" value={fields.address} onChange={set('address')} required rows={3} />
            <TextInput label="Country (two letters)" value={fields.country} onChange={set('country')} maxLength={2} />
            <NumberInput
              label="Payment terms (days)"
              value={fields.paymentTermsDays}
              onChange={(value) => setFields((current) => ({ ...current, paymentTermsDays: Number(value) || 0 }))}
              min={0}
              max={120}
            />
            <TextInput label="Account holder" value={fields.accountHolder} onChange={set('accountHolder')} />
            <TextInput label="Bank name" value={fields.bankName} onChange={set('bankName')} />
            <TextInput label="IBAN" value={fields.iban} onChange={set('iban')} />
            <TextInput label="BIC" value={fields.bic} onChange={set('bic')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save company details
            </Button>
            {save.isSuccess ? (
              <Text role="status" size="sm">
                Saved.
              </Text>
            ) : null}
          </Group>
          {save.isError ? (
            <Alert color="red" title="Not saved">
              {save.error.message}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
