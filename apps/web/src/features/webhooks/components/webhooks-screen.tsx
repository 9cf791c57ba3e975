import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type TWebhookEndpoint,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  ZCreateWebhookEndpointRequest,
} from '@spacecapture/shared/contracts/webhooks';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { WEBHOOK_DELIVERY_COLUMNS, WebhookDeliveryCells } from '../../../components/portal/webhook-delivery-cells.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  useWebhookMutation,
} from '../api/webhook-mutations.ts';

function failed(error: unknown) {
  notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) });
}

/** The signing secret of a new or rotated endpoint: shown here once, never again. */
function SecretOnce({ secret, onDone }: { secret: { url: string; value: string }; onDone: () => void }) {
  return (
    <Alert color="yellow" title="Signing secret" role="region" aria-label="Signing secret">
      <Text size="sm">{WEBHOOK_MESSAGES.secretOnce}</Text>
      <Text size="sm" mt="xs">
        Endpoint: {secret.url}
      </Text>
      <Code block mt="xs" data-testid="webhook-secret">
        {secret.value}
      </Code>
      <Button size="xs" variant="default" mt="sm" onClick={onDone}>
        I have copied it
      </Button>
    </Alert>
  );
}

/** The first message of each field a schema refused, as the form shows them. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

function EventsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (events: string[]) => void;
  error?: string;
}) {
  return (
    <Checkbox.Group label="Events" value={value} onChange={onChange} error={error}>
      <Group gap="md" mt="xs">
        {WEBHOOK_EVENTS.map((name) => (
          <Checkbox key={name} value={name} label={WEBHOOK_EVENT_LABELS[name]} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Edits an endpoint's URL, events and state, checked as when it was added (the server checks the address again). */
const ZEditEndpoint = ZCreateWebhookEndpointRequest.pick({ url: true, events: true });

function EditEndpointForm({ endpoint, onDone }: { endpoint: TWebhookEndpoint; onDone: () => void }) {
  const [url, setUrl] = useState(endpoint.url);
  const [events, setEvents] = useState<string[]>(endpoint.events);
  const [active, setActive] = useState(endpoint.disabledAt === null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useWebhookMutation(updateWebhookEndpoint, {
    onSuccess: (updated) => notifySuccess({ title: WEBHOOK_MESSAGES.updated, message: updated.url }),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZEditEndpoint.safeParse({ url, events });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: endpoint.id, changes: { ...parsed.data, disabled: !active } },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          failed(error);
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${endpoint.url}`}>
      <Stack gap="sm" mb="md">
        <TextInput
          label="Endpoint URL"
          required
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <EventsField value={events} onChange={setEvents} error={errors.events} />
        <Switch label="Active" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={save.isPending}>
            Save endpoint
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddEndpointForm({ onSecret }: { onSecret: (secret: { url: string; value: string }) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['order.created']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useWebhookMutation(createWebhookEndpoint, {
    onSuccess: (endpoint) => {
      notifySuccess({ title: WEBHOOK_MESSAGES.created, message: endpoint.url });
      onSecret({ url: endpoint.url, value: endpoint.secret });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateWebhookEndpointRequest.safeParse({ url, description, events });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setUrl('');
        setDescription('');
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        failed(error);
      },
    });
  }

  return (
    <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} onSubmit={onSubmit} noValidate>
      <Title order={2} fz={20} mb="md">
        Add an endpoint
      </Title>
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks/spacecapture"
          required
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <TextInput
          label="Description"
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <EventsField value={events} onChange={setEvents} error={errors.events} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeliveryLog({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const query = useWebhookDeliveries(endpoint.id);
  const replay = useWebhookMutation(replayWebhookDelivery, {
    onSuccess: () => notifySuccess({ title: WEBHOOK_MESSAGES.replayed, message: endpoint.url }),
  });
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text c="dimmed">{WEBHOOK_MESSAGES.noDeliveries}</Text>;
  return (
    <Stack gap="sm">
      <DataTable
        label={`Deliveries to ${endpoint.url}`}
        minWidth={640}
        columns={[...WEBHOOK_DELIVERY_COLUMNS, { hidden: 'Actions' }]}
      >
        {items.map((delivery) => (
          <Table.Tr key={delivery.id}>
            <WebhookDeliveryCells delivery={delivery} />
            <Table.Td ta="right">
              {delivery.status === 'pending' ? null : (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Replay ${delivery.event} delivery`}
                  loading={replay.isPending && replay.variables?.deliveryId === delivery.id}
                  onClick={() =>
                    replay.mutate({ endpointId: endpoint.id, deliveryId: delivery.id }, { onError: failed })
                  }
                >
                  Replay
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <LoadMore query={query} />
    </Stack>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: TWebhookEndpoint;
  onSecret: (secret: { url: string; value: string }) => void;
}) {
  const test = useWebhookMutation(sendWebhookTest, {
    onSuccess: () => notifySuccess({ title: WEBHOOK_MESSAGES.testSent, message: endpoint.url }),
  });
  const rotate = useWebhookMutation(rotateWebhookSecret, {
    onSuccess: (rotated) => {
      notifySuccess({ title: WEBHOOK_MESSAGES.rotated, message: rotated.url });
      onSecret({ url: rotated.url, value: rotated.secret });
    },
  });
  const toggle = useWebhookMutation(updateWebhookEndpoint, {
    onSuccess: (updated) => notifySuccess({ title: WEBHOOK_MESSAGES.updated, message: updated.url }),
  });
  const remove = useWebhookMutation(deleteWebhookEndpoint, {
    onSuccess: () => notifySuccess({ title: WEBHOOK_MESSAGES.deleted, message: endpoint.url }),
  });
  const disabled = endpoint.disabledAt !== null;
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article" aria-label={endpoint.url}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={3} fz={17} style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Title>
          {endpoint.description ? <Text c="dimmed">{endpoint.description}</Text> : null}
          <Text size="sm" mt={4}>
            Events: {endpoint.events.map((name) => WEBHOOK_EVENT_LABELS[name as never] ?? name).join(', ')}
          </Text>
        </div>
        <Badge color={disabled ? 'gray' : 'green'} variant="light">
          {disabled ? 'Disabled' : 'Active'}
        </Badge>
      </Group>
      {editing ? <EditEndpointForm endpoint={endpoint} onDone={() => setEditing(false)} /> : null}
      <Group gap="xs" mb="md">
        {editing ? null : (
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          loading={test.isPending}
          onClick={() => test.mutate(endpoint.id, { onError: failed })}
        >
          Send test event
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id, { onError: failed })}
        >
          Rotate secret
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={toggle.isPending}
          onClick={() => toggle.mutate({ id: endpoint.id, changes: { disabled: !disabled } }, { onError: failed })}
        >
          {disabled ? 'Enable' : 'Disable'}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={remove.isPending}
          onClick={() => remove.mutate(endpoint.id, { onError: failed })}
        >
          Delete
        </Button>
      </Group>
      <Title order={4} fz={15} mb="xs">
        Delivery log
      </Title>
      <DeliveryLog endpoint={endpoint} />
    </Paper>
  );
}

/** The customer admin's webhooks: endpoints, their events, the secret shown once, and each delivery log. */
export function WebhooksScreen() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  return (
    <PortalPage
      title="Webhooks"
      description="Tell your own systems when an order moves: we POST each event, signed, to your endpoints."
    >
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      <AddEndpointForm onSecret={setSecret} />
      {endpoints.isPending ? <Loader /> : null}
      {endpoints.isError ? <QueryError error={endpoints.error} onRetry={() => endpoints.refetch()} /> : null}
      {endpoints.data?.items.length === 0 ? <Text c="dimmed">{WEBHOOK_MESSAGES.empty}</Text> : null}
      {endpoints.data?.items.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
      ))}
    </PortalPage>
  );
}
