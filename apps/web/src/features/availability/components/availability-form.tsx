import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type TProviderAvailability, ZProviderAvailabilityRequest } from '@spacecapture/shared/contracts/dispatch';
import { fieldMessages } from '@spacecapture/shared/errors';
import { useState } from 'react';
import { PlaceField, type TPickedPlace } from '../../../components/form/place-field.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useUpdateAvailability } from '../api/update-availability.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MAX_BASES = 5;

type TDayRow = { works: boolean; start: string; end: string };
/** `key` tells rows apart in React when one is removed. */
type TBaseRow = { key: string; text: string; place: TPickedPlace | null; radiusKm: string };
type TFormState = { days: TDayRow[]; blockedDates: string; jobsPerDay: string; bases: TBaseRow[] };

const newBase = (): TBaseRow => ({ key: crypto.randomUUID(), text: '', place: null, radiusKm: '50' });

function formStateOf(availability: TProviderAvailability | null): TFormState {
  if (!availability) {
    return {
      days: WEEKDAYS.map((_, index) => ({ works: index < 5, start: '09:00', end: '17:00' })),
      blockedDates: '',
      jobsPerDay: '2',
      bases: [newBase()],
    };
  }
  return {
    days: WEEKDAYS.map((_, index) => {
      const hours = availability.workingHours.find((entry) => entry.weekday === index + 1);
      return hours
        ? { works: true, start: hours.start, end: hours.end }
        : { works: false, start: '09:00', end: '17:00' };
    }),
    blockedDates: availability.blockedDates.join('\n'),
    jobsPerDay: String(availability.jobsPerDay),
    // A saved base is a place already chosen: it keeps its coordinates until another is picked.
    bases: availability.bases.map((base) => ({
      key: crypto.randomUUID(),
      text: base.label,
      place: { id: '', label: base.label, lat: base.lat, lon: base.lon, timeZone: '' },
      radiusKm: String(base.radiusKm),
    })),
  };
}

/** The form's rows as the contract has them; a base without a picked place is left for the schema to refuse. */
function requestOf(state: TFormState) {
  return {
    workingHours: state.days.flatMap((day, index) =>
      day.works ? [{ weekday: index + 1, start: day.start, end: day.end }] : [],
    ),
    blockedDates: state.blockedDates
      .split(/[\s,]+/)
      .map((date) => date.trim())
      .filter(Boolean),
    jobsPerDay: Number(state.jobsPerDay),
    bases: state.bases.map((base) => ({
      label: base.place?.label ?? '',
      lat: base.place?.lat ?? Number.NaN,
      lon: base.place?.lon ?? Number.NaN,
      radiusKm: Number(base.radiusKm),
    })),
  };
}

/** "bases.1.lat" → "Base 2: …": each message once, under the part of the form it is about. */
function describe(problems: Record<string, string>): string[] {
  const lines = Object.entries(problems).map(([field, message]) => {
    const [list, index] = field.split('.');
    if (list === 'bases' && index !== undefined && /^\d+$/.test(index)) {
      const what = field.endsWith('.radiusKm') ? message : 'Choose the base from the list.';
      return `Base ${Number(index) + 1}: ${what}`;
    }
    if (list === 'workingHours' && index !== undefined) return `Working hours: ${message}`;
    if (list === 'blockedDates') return `Days off: ${message}`;
    return message;
  });
  return [...new Set(lines)];
}

function AvailabilityEditor({ initial, onDone }: { initial: TProviderAvailability | null; onDone: () => void }) {
  const save = useUpdateAvailability();
  const [state, setState] = useState(() => formStateOf(initial));
  const [problems, setProblems] = useState<string[]>([]);
  // Functional updates: picking a place changes a row's text and place in two calls of one event.
  const update = (change: Partial<TFormState>) => setState((current) => ({ ...current, ...change }));
  const setDay = (index: number, change: Partial<TDayRow>) =>
    setState((current) => ({
      ...current,
      days: current.days.map((day, at) => (at === index ? { ...day, ...change } : day)),
    }));
  const setBase = (index: number, change: Partial<TBaseRow>) =>
    setState((current) => ({
      ...current,
      bases: current.bases.map((base, at) => (at === index ? { ...base, ...change } : base)),
    }));

  function submit() {
    const parsed = ZProviderAvailabilityRequest.safeParse(requestOf(state));
    if (!parsed.success) {
      setProblems(describe(fieldMessages(parsed.error.issues)));
      return;
    }
    setProblems([]);
    save.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setProblems(describe(error.fields));
        else notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) });
      },
    });
  }

  return (
    <Stack gap="md">
      {/* A day per row; on a narrow screen its two times go under the day, never wider than it. */}
      <Stack gap={6} role="group" aria-label="Working hours">
        {WEEKDAYS.map((weekday, index) => {
          const day = state.days[index] ?? { works: false, start: '09:00', end: '17:00' };
          return (
            <Group key={weekday} gap="sm" wrap="wrap" align="center">
              <Checkbox
                label={weekday}
                w={120}
                checked={day.works}
                onChange={(event) => setDay(index, { works: event.currentTarget.checked })}
              />
              <Group gap="sm" wrap="nowrap">
                <TextInput
                  type="time"
                  w={130}
                  aria-label={`${weekday} from`}
                  disabled={!day.works}
                  value={day.start}
                  onChange={(event) => setDay(index, { start: event.currentTarget.value })}
                />
                <TextInput
                  type="time"
                  w={130}
                  aria-label={`${weekday} until`}
                  disabled={!day.works}
                  value={day.end}
                  onChange={(event) => setDay(index, { end: event.currentTarget.value })}
                />
              </Group>
            </Group>
          );
        })}
      </Stack>
      <TextInput
        label="Jobs per day"
        description="The most captures you take on one day."
        inputMode="numeric"
        w={200}
        value={state.jobsPerDay}
        onChange={(event) => update({ jobsPerDay: event.currentTarget.value })}
      />
      <Textarea
        label="Days off"
        description="Dates you do not work, one per line (YYYY-MM-DD)."
        autosize={false}
        rows={3}
        value={state.blockedDates}
        onChange={(event) => update({ blockedDates: event.currentTarget.value })}
      />
      <Stack gap="xs">
        <Text fw={500} size="sm">
          Service bases
        </Text>
        {state.bases.map((base, index) => (
          <Group key={base.key} align="flex-start" gap="sm" wrap="wrap" data-testid="service-base">
            <div style={{ flex: '1 1 260px' }}>
              <PlaceField
                label={`Base ${index + 1}`}
                name={`base-${index + 1}`}
                description="The city or town you travel from."
                value={base.text}
                onChange={(text) => setBase(index, { text })}
                place={base.place}
                onPlaceChange={(place) => setBase(index, { place })}
              />
            </div>
            <TextInput
              label="Radius (km)"
              inputMode="numeric"
              w={120}
              value={base.radiusKm}
              onChange={(event) => setBase(index, { radiusKm: event.currentTarget.value })}
            />
            {state.bases.length > 1 ? (
              <Button
                variant="subtle"
                color="red"
                mt={24}
                onClick={() => update({ bases: state.bases.filter((_, at) => at !== index) })}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        ))}
        {state.bases.length < MAX_BASES ? (
          <Group>
            <Button variant="light" size="xs" onClick={() => update({ bases: [...state.bases, newBase()] })}>
              Add a base
            </Button>
          </Group>
        ) : null}
      </Stack>
      {problems.length > 0 ? (
        <Alert color="red" title="Please check your availability">
          <Stack gap={2}>
            {problems.map((problem) => (
              <Text key={problem} size="sm">
                {problem}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          Save availability
        </Button>
        {initial ? (
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function hoursSummary(availability: TProviderAvailability) {
  if (availability.workingHours.length === 0) return 'No working days';
  return availability.workingHours
    .map((hours) => `${WEEKDAYS[hours.weekday - 1]?.slice(0, 3)} ${hours.start}–${hours.end}`)
    .join(' · ');
}

function Summary({ availability }: { availability: TProviderAvailability }) {
  return (
    <Stack gap={4} data-testid="availability-summary">
      <Text size="sm">
        <strong>Hours:</strong> {hoursSummary(availability)}
      </Text>
      <Text size="sm">
        <strong>Jobs per day:</strong> {availability.jobsPerDay}
      </Text>
      <Text size="sm">
        <strong>Bases:</strong>{' '}
        {availability.bases.map((base) => `${base.label} (within ${base.radiusKm} km)`).join(' · ')}
      </Text>
      <Text size="sm">
        <strong>Days off:</strong>{' '}
        {availability.blockedDates.length > 0 ? availability.blockedDates.join(', ') : 'none'}
      </Text>
    </Stack>
  );
}

/**
 * When and where the provider works (decision 124): what dispatch ranks them by. Provider admins
 * edit it; the other members see it.
 */
export function AvailabilityPanel() {
  const availability = useAvailability();
  const profile = useProfile();
  const canEdit = profile.role === 'provider_admin';
  const [editing, setEditing] = useState(false);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="availability-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz={20} id="availability-title">
            Availability
          </Title>
          {canEdit && !editing && availability.data?.availability ? (
            <Button variant="light" onClick={() => setEditing(true)}>
              Edit availability
            </Button>
          ) : null}
        </Group>
        <RecordState query={availability} what="your availability">
          {(data) =>
            canEdit && (editing || !data.availability) ? (
              <AvailabilityEditor initial={data.availability} onDone={() => setEditing(false)} />
            ) : data.availability ? (
              <Summary availability={data.availability} />
            ) : (
              <Text c="dimmed">Your organization's admin has not set its availability yet.</Text>
            )
          }
        </RecordState>
      </Stack>
    </Paper>
  );
}
