import { Button, ColorInput, FileButton, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TProfile } from '@spacecapture/shared/contracts/auth';
import {
  BRANDING_MESSAGES,
  LOGO_CONTENT_TYPES,
  MAX_LOGO_BYTES,
  type TOrganizationBranding,
} from '@spacecapture/shared/contracts/share-links';
import { type FormEvent, useState } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useBranding, useRemoveLogo, useUpdateBranding, useUploadLogo } from '../api/branding.ts';

function failed(error: unknown) {
  notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) });
}

function BrandingForm({ branding }: { branding: TOrganizationBranding }) {
  const update = useUpdateBranding();
  const [color, setColor] = useState(branding.color ?? '');
  const [contactName, setContactName] = useState(branding.contactName ?? '');
  const [contactEmail, setContactEmail] = useState(branding.contactEmail ?? '');
  const [contactPhone, setContactPhone] = useState(branding.contactPhone ?? '');
  const fields = update.error instanceof ApiError ? update.error.fields : {};

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ color: color || null, contactName, contactEmail, contactPhone }, { onError: failed });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Branding">
      <Stack gap="sm" maw={420}>
        <ColorInput
          label="Accent colour"
          description="A band at the top of branded pages"
          format="hex"
          eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
          value={color}
          onChange={setColor}
          error={fields.color}
        />
        <TextInput
          label="Contact name"
          value={contactName}
          onChange={(event) => setContactName(event.currentTarget.value)}
          error={fields.contactName}
        />
        <TextInput
          label="Contact e-mail"
          type="email"
          value={contactEmail}
          onChange={(event) => setContactEmail(event.currentTarget.value)}
          error={fields.contactEmail}
        />
        <TextInput
          label="Contact phone"
          type="tel"
          value={contactPhone}
          onChange={(event) => setContactPhone(event.currentTarget.value)}
          error={fields.contactPhone}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save branding
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LogoPicker({ branding }: { branding: TOrganizationBranding }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  function onFile(file: File | null) {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) return failed(new Error(BRANDING_MESSAGES.logoUnreadable));
    upload.mutate(file, { onError: failed });
  }
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Logo
      </Text>
      {branding.logoUrl ? (
        <Image src={branding.logoUrl} alt="Your organization's logo" h={64} w="auto" fit="contain" maw={240} />
      ) : (
        <Text size="sm" c="dimmed">
          No logo yet. PNG, JPEG, WebP or SVG, at most 2 MB.
        </Text>
      )}
      <Group gap="sm">
        <FileButton onChange={onFile} accept={LOGO_CONTENT_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending}>
              {branding.logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
          )}
        </FileButton>
        {branding.logoUrl ? (
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onError: failed })}
          >
            Remove logo
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * The organisation's branding for its branded share pages (decision 223): logo, accent colour and
 * contact. Admins change it; other members see what branded pages show.
 */
export function OrganizationBranding({ profile }: { profile: TProfile }) {
  const branding = useBranding();
  if (!profile.organization) return null;
  const isAdmin = profile.role === 'customer_admin';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Branding of share pages">
      <Stack gap="md">
        <Title order={2} fz={20}>
          Branding of share pages
        </Title>
        <Text size="sm" c="dimmed">
          Branded share links show your logo, colour and contact; unbranded ones show none of it.
        </Text>
        {branding.isError ? (
          <QueryError error={branding.error} onRetry={() => void branding.refetch()} what="the branding" />
        ) : !branding.data ? null : isAdmin ? (
          <>
            <LogoPicker branding={branding.data} />
            <BrandingForm key={JSON.stringify(branding.data)} branding={branding.data} />
          </>
        ) : (
          <Stack gap={4}>
            {branding.data.logoUrl ? (
              <Image
                src={branding.data.logoUrl}
                alt="Your organization's logo"
                h={64}
                w="auto"
                fit="contain"
                maw={240}
              />
            ) : null}
            <Text size="sm">Contact: {branding.data.contactName ?? 'none'}</Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
