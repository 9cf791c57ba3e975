import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { townPartsOf } from '@spacecapture/shared/address-parts';
import type { TAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { formatPlaceWindow } from '@spacecapture/shared/format';
import { useState } from 'react';
import { PlaceField, type TPickedPlace } from '../../../components/form/place-field.tsx';
import { Fact } from '../../../components/portal/fact.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useSetOrderPlace } from '../api/set-order-place.ts';

type TOrder = TAdminOrderDetail['order'];

/** The windows as the customer typed them, local at a place not known yet. */
function requestedWindowsText(order: TOrder) {
  return (order.preferredDates?.windows ?? [])
    .map((window) => `${window.date} ${window.from}–${window.to}`)
    .join(' · ');
}

/**
 * What the Set place box starts on when the address named no town the gazetteer knows: the first
 * part of the address that could name a town (the server's own rule), else the whole address.
 */
function townGuessOf(location: string) {
  return townPartsOf(location)[0]?.words ?? location;
}

function PlaceEditor({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const setPlace = useSetOrderPlace();
  const [text, setText] = useState(order.place?.label ?? townGuessOf(order.location));
  const [picked, setPicked] = useState<TPickedPlace | null>(null);
  const [accessNotes, setAccessNotes] = useState(order.accessNotes ?? '');
  const [error, setError] = useState<string | undefined>();

  function save() {
    if (!picked) {
      setError('Choose the place from the list.');
      return;
    }
    setPlace.mutate(
      {
        id: order.id,
        place: { label: picked.label, lat: picked.lat, lon: picked.lon, timeZone: picked.timeZone },
        accessNotes,
      },
      {
        onSuccess: onDone,
        onError: (failure) => notifyError({ title: 'Failed', message: errorMessage(failure, NETWORK_FALLBACK) }),
      },
    );
  }

  return (
    <Stack gap="sm">
      <PlaceField
        label="Place"
        name="place"
        description="Search the gazetteer and choose the place of the capture."
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        place={picked}
        onPlaceChange={setPicked}
        error={error}
      />
      <Textarea
        label="Access notes"
        autosize={false}
        rows={2}
        value={accessNotes}
        onChange={(event) => setAccessNotes(event.currentTarget.value)}
      />
      <Group>
        <Button onClick={save} loading={setPlace.isPending}>
          Save place
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Where and when (decisions 123, 140): the order's place with its time zone, the customer's
 * windows at that place and the access notes; an admin sets or corrects the place here.
 */
export function OrderPlace({ order }: { order: TOrder }) {
  const [editing, setEditing] = useState(false);
  const zone = order.place?.timeZone ?? null;
  const windows = order.preferredWindows.map((window) => formatPlaceWindow(window.start, window.end, zone));
  const requested = requestedWindowsText(order);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="order-place">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz={20}>
            Where and when
          </Title>
          {editing ? null : (
            <Button variant="light" onClick={() => setEditing(true)}>
              {order.place ? 'Change place' : 'Set place'}
            </Button>
          )}
        </Group>
        {editing ? (
          <PlaceEditor order={order} onDone={() => setEditing(false)} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Fact label="Place">
              {order.place ? `${order.place.label} (${order.place.timeZone})` : 'Not placed on the map'}
              {order.place?.matched ? (
                <Text size="xs" c="dimmed" data-testid="place-matched">
                  Found from “{order.place.matched}” in the address: check it, or change it.
                </Text>
              ) : null}
              {order.place ? null : (
                <Text size="xs" c="dimmed">
                  Nothing in “{order.location}” names a town the map knows: set the place to rank providers.
                </Text>
              )}
            </Fact>
            <Fact label="Preferred windows">
              {windows.length > 0 ? (
                <Stack gap={2}>
                  {windows.map((window) => (
                    <Text key={window} size="sm">
                      {window}
                    </Text>
                  ))}
                </Stack>
              ) : requested ? (
                `${requested} (local time at the place, once placed)`
              ) : (
                '—'
              )}
            </Fact>
            <Fact label="Access notes">{order.accessNotes || '—'}</Fact>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
