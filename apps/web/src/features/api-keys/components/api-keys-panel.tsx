import {
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type TApiKey,
  type TApiKeyScope,
  ZCreateApiKeyRequest,
} from '@spacecapture/shared/contracts/api-keys';
import { formatDateTime } from '@spacecapture/shared/format';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { ConfirmRevokeDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ShownOnceSecret } from '../../../components/ui/shown-once-secret.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';

function failed(error: unknown) {
  notifyError({ title: API_KEY_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) });
}

/** The form's expiry (a local date-time, or nothing) as the API's ISO time. */
function expiryOf(local: string) {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function CreateApiKeyForm({ basePath, onCreated }: { basePath: string; onCreated: (secret: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiKeyScope[]>([]);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateApiKey(basePath, {
    onSuccess: (created) => {
      notifySuccess({ title: API_KEY_MESSAGES.createdTitle, message: API_KEY_MESSAGES.created(created.key.name) });
      onCreated(created.secret);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateApiKeyRequest.safeParse({ name, scopes, expiresAt: expiryOf(expires) });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setScopes([]);
        setExpires('');
      },
      onError: (error) => failed(error),
    });
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz={20} mb="md">
        Create an API key
      </Title>
      <form onSubmit={submit} noValidate aria-label="Create an API key">
        <Stack gap="md" maw={560}>
          <TextInput
            label="Name"
            description="What uses it, e.g. “Property system”."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
          />
          <Checkbox.Group
            label="Scopes"
            value={scopes}
            onChange={(value) => setScopes(value as TApiKeyScope[])}
            error={errors.scopes}
            required
          >
            <Stack gap={6} mt={6}>
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={`${API_KEY_SCOPE_LABELS[scope]} (${scope})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput
            type="datetime-local"
            label="Expires (optional)"
            value={expires}
            onChange={(event) => setExpires(event.currentTarget.value)}
            error={errors.expiresAt}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const STATUS_COLOURS = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function ApiKeyList({ basePath }: { basePath: string }) {
  const keys = useApiKeys(basePath);
  const [confirming, setConfirming] = useState<TApiKey | null>(null);
  const revoke = useRevokeApiKey(basePath, {
    onSuccess: (key) =>
      notifySuccess({ title: API_KEY_MESSAGES.revokedTitle, message: API_KEY_MESSAGES.revoked(key.name) }),
  });
  if (keys.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading API keys" />
      </Center>
    );
  }
  if (keys.isError) return <QueryError error={keys.error} onRetry={() => keys.refetch()} what="the API keys" />;
  if (keys.data.items.length === 0) return <Text c="dimmed">{API_KEY_MESSAGES.empty}</Text>;
  return (
    <>
      <DataTable
        label="API keys"
        minWidth={760}
        verticalSpacing="sm"
        columns={['Name', 'Key', 'Scopes', 'Expires', 'Last used', 'Status', { hidden: 'Actions' }]}
      >
        {keys.data.items.map((key) => (
          <Table.Tr key={key.id}>
            <Table.Td>{key.name}</Table.Td>
            <Table.Td>
              <Text span ff="monospace" size="sm">
                {key.prefix}_…
              </Text>
            </Table.Td>
            <Table.Td>{key.scopes.join(', ')}</Table.Td>
            <Table.Td>{key.expiresAt ? formatDateTime(key.expiresAt) : 'Never'}</Table.Td>
            <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOURS[key.status]} variant="light">
                {key.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              {key.status === 'revoked' ? null : (
                <Button size="xs" variant="light" color="red" onClick={() => setConfirming(key)}>
                  Revoke {key.name}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <ConfirmRevokeDialog
        item={confirming}
        title="Revoke API key"
        confirmLabel="Revoke key"
        describe={(key) => API_KEY_MESSAGES.confirmRevoke(key.name)}
        revoke={revoke}
        onError={failed}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

/** Create (the key shown once, with copy), list with last use, and revoke with a confirmation. */
export function ApiKeysPanel({ basePath }: { basePath: string }) {
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      {secret ? (
        <ShownOnceSecret
          title="Your new API key"
          message={API_KEY_MESSAGES.shownOnce}
          value={secret}
          label="New API key"
          copyLabel="Copy key"
          doneLabel="I have stored it"
          onDone={() => setSecret(null)}
        />
      ) : null}
      <CreateApiKeyForm basePath={basePath} onCreated={setSecret} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Title order={2} fz={20} mb="md">
          Keys
        </Title>
        <ApiKeyList basePath={basePath} />
      </Paper>
    </Stack>
  );
}
