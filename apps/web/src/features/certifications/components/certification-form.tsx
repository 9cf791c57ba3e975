import { Button, Group, Stack, TagsInput, TextInput } from '@mantine/core';
import { CERTIFICATION_EXPIRY_IN_FUTURE, ZCertificationRequest } from '@spacecapture/shared/contracts/provider-portal';
import { type FormEvent, useState } from 'react';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/field-errors.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRequestCertification } from '../api/request-certification.ts';

/** Our own toast (the spec names none for this screen). */
const CERTIFICATION_SUBMITTED_TOAST = { title: 'Certification submitted', message: 'An admin will verify it.' };

/** A date input's "YYYY-MM-DD" as the last moment of that day in UTC (valid through that day). */
export function expiryDateToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T23:59:59.999Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Submit a certification for verification: scope, regions, optional expiry (pending until an admin verifies it). */
export function CertificationForm() {
  const submit = useRequestCertification({
    onSuccess: () => notifySuccess(CERTIFICATION_SUBMITTED_TOAST),
  });
  const [scope, setScope] = useState('');
  const [regions, setRegions] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edited = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const expiryIso = expiry ? expiryDateToIso(expiry) : null;
    const parsed = ZCertificationRequest.safeParse({ scope, regions, expiry: expiryIso });
    const found = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (expiry && !expiryIso) found.expiry = 'Enter a valid expiry date.';
    else if (expiryIso && new Date(expiryIso).getTime() <= Date.now()) found.expiry = CERTIFICATION_EXPIRY_IN_FUTURE;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: () => {
        setScope('');
        setRegions([]);
        setExpiry('');
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          return;
        }
        notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) });
      },
    });
  }

  return (
    <Stack
      renderRoot={(props) => <form {...props} noValidate />}
      gap="sm"
      onSubmit={onSubmit}
      aria-label="Submit a certification"
    >
      <TextInput
        label="Scope"
        description="What the certification covers, e.g. Matterport Pro3 operator"
        value={scope}
        onChange={(event) => {
          setScope(event.currentTarget.value);
          edited('scope');
        }}
        error={errors.scope}
        maxLength={120}
      />
      <TagsInput
        label="Regions"
        description="Press Enter after each region"
        value={regions}
        onChange={(value) => {
          setRegions(value);
          edited('regions');
        }}
        error={errors.regions}
        maxTags={50}
        acceptValueOnBlur
        clearable
      />
      <TextInput
        type="date"
        label="Expiry"
        description="Optional: the last day it is valid"
        value={expiry}
        onChange={(event) => {
          setExpiry(event.currentTarget.value);
          edited('expiry');
        }}
        error={errors.expiry}
        w={220}
      />
      <Group>
        <Button type="submit" size="sm" loading={submit.isPending}>
          Submit for verification
        </Button>
      </Group>
    </Stack>
  );
}
