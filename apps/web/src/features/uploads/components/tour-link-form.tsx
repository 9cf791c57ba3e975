import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { FIELD_LIMITS } from '@spacecapture/shared/fields';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifySuccess } from '../../../lib/notify.ts';
import { useDeliverTourLink } from '../api/deliver-tour-link.ts';

/**
 * Deliver a virtual tour's address instead of a file (decision 233): an https address on a host
 * the admins list. The server checks it; its refusal is shown on the field it names.
 */
export function TourLinkForm({
  orderId,
  disabled,
  onDelivered,
}: {
  orderId: string;
  disabled: boolean;
  onDelivered?: () => void;
}) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<{ url?: string; title?: string; form?: string }>({});
  const deliver = useDeliverTourLink();
  function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    deliver.mutate(
      { orderId, url, title },
      {
        onSuccess: () => {
          setUrl('');
          setTitle('');
          notifySuccess({ title: 'Tour link delivered', message: `${title} is listed with the order’s deliverables.` });
          onDelivered?.();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          setErrors({
            ...(fields.url ? { url: fields.url } : {}),
            ...(fields.title ? { title: fields.title } : {}),
            ...(!fields.url && !fields.title ? { form: errorMessage(error, NETWORK_FALLBACK) } : {}),
          });
        },
      },
    );
  }
  return (
    <form onSubmit={submit} aria-label="Deliver a tour link" noValidate>
      <Stack gap="xs">
        <Text fw={600}>Or deliver a virtual tour link</Text>
        <Text size="sm" c="dimmed">
          A Matterport, Kuula or CloudPano tour (or another host an admin lists): https only.
        </Text>
        <Group gap="sm" align="flex-start" grow>
          <TextInput
            label="Tour address"
            placeholder="https://my.matterport.com/show/?m=…"
            type="url"
            value={url}
            maxLength={FIELD_LIMITS.url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            disabled={disabled}
            required
          />
          <TextInput
            label="Tour title"
            value={title}
            maxLength={FIELD_LIMITS.name}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
            disabled={disabled}
            required
          />
        </Group>
        {errors.form ? (
          <Text size="sm" c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))" role="status">
            {errors.form}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" variant="default" loading={deliver.isPending} disabled={disabled}>
            Deliver tour link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
