import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { WORKFLOW_MESSAGES, WORKFLOW_TOASTS, WORKFLOW_VALIDATION } from '@spacecapture/shared/contracts/admin-workflow';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useProposeSchedule, useProposeWindows } from '../../../resources/provider/propose-schedule.ts';

type TWindowErrors = { start?: string; end?: string };

/** A `datetime-local` value ("2026-05-04T09:30", the browser's time zone) as an ISO instant, or null. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The window rules checked before sending (the server checks them again): both ends are required
 * (spec 001 §5, a toast), the end after the start and the start in the future (under the fields).
 */
export function checkWindow(
  start: string,
  end: string,
  now: number,
): { ok: true; start: string; end: string } | { ok: false; missing: true } | { ok: false; errors: TWindowErrors } {
  const startIso = localInputToIso(start);
  const endIso = localInputToIso(end);
  if (!startIso || !endIso) return { ok: false, missing: true };
  const errors: TWindowErrors = {};
  if (new Date(startIso).getTime() <= now) errors.start = WORKFLOW_MESSAGES.windowInFuture;
  if (new Date(endIso) <= new Date(startIso)) errors.end = WORKFLOW_MESSAGES.windowOrder;
  return errors.start || errors.end ? { ok: false, errors } : { ok: true, start: startIso, end: endIso };
}

/** The most windows one proposal holds (decision 145). */
const MAX_WINDOWS = 3;

/**
 * The schedule window proposal of an accepted job (spec 001 §2 Assigned Jobs): start and end, and
 * up to two more windows for the customer to pick from (decision 145).
 */
export function ScheduleProposalForm({ assignmentId }: { assignmentId: string }) {
  const propose = useProposeSchedule({
    onSuccess: (queued) => notifySuccess(queued ? WORKFLOW_TOASTS.savedOffline : WORKFLOW_TOASTS.scheduleProposed),
  });
  const proposeWindows = useProposeWindows({
    onSuccess: () =>
      notifySuccess({ title: WORKFLOW_TOASTS.scheduleProposed.title, message: 'The customer will pick one.' }),
  });
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<TWindowErrors>({});
  /** Further windows ("datetime-local" values), each checked like the first. */
  const [more, setMore] = useState<{ start: string; end: string; errors: TWindowErrors }[]>([]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (more.length > 0) {
      submitSeveral();
      return;
    }
    const checked = checkWindow(start, end, Date.now());
    if (!checked.ok) {
      if ('missing' in checked) {
        setErrors({});
        notifyError(WORKFLOW_VALIDATION.enterWindow);
      } else {
        setErrors(checked.errors);
      }
      return;
    }
    setErrors({});
    propose.mutate(
      { id: assignmentId, window: { start: checked.start, end: checked.end } },
      {
        onSuccess: () => {
          setStart('');
          setEnd('');
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          if (fields.start || fields.end) {
            setErrors({ start: fields.start, end: fields.end });
            return;
          }
          notifyError({
            title: WORKFLOW_TOASTS.failed.title,
            message: errorMessage(error, WORKFLOW_TOASTS.proposeFallback),
          });
        },
      },
    );
  }

  function submitSeveral() {
    const now = Date.now();
    const all = [{ start, end }, ...more].map((window) => checkWindow(window.start, window.end, now));
    if (all.some((checked) => !checked.ok && 'missing' in checked)) {
      notifyError(WORKFLOW_VALIDATION.enterWindow);
      return;
    }
    const errorsOf = (checked: (typeof all)[number]) => (!checked.ok && 'errors' in checked ? checked.errors : {});
    setErrors(errorsOf(all[0]!));
    setMore((rows) => rows.map((row, index) => ({ ...row, errors: errorsOf(all[index + 1]!) })));
    const windows = all.flatMap((checked) => (checked.ok ? [{ start: checked.start, end: checked.end }] : []));
    if (windows.length !== all.length) return;
    proposeWindows.mutate(
      { id: assignmentId, windows },
      {
        onSuccess: () => {
          setStart('');
          setEnd('');
          setMore([]);
        },
        onError: (error) =>
          notifyError({
            title: WORKFLOW_TOASTS.failed.title,
            message: errorMessage(error, WORKFLOW_TOASTS.proposeFallback),
          }),
      },
    );
  }

  return (
    <Stack
      renderRoot={(props) => <form {...props} noValidate />}
      gap="xs"
      onSubmit={onSubmit}
      aria-label="Propose a schedule window"
    >
      <Text size="sm" fw={600}>
        Propose a schedule window
      </Text>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          type="datetime-local"
          label="Start"
          value={start}
          onChange={(event) => {
            setStart(event.currentTarget.value);
            setErrors(({ start: _, ...rest }) => rest);
          }}
          error={errors.start}
          w={230}
        />
        <TextInput
          type="datetime-local"
          label="End"
          value={end}
          onChange={(event) => {
            setEnd(event.currentTarget.value);
            setErrors(({ end: _, ...rest }) => rest);
          }}
          error={errors.end}
          w={230}
        />
      </Group>
      {more.map((row, index) => {
        const label = `window ${index + 2}`;
        const set = (key: 'start' | 'end', value: string) =>
          setMore((rows) =>
            rows.map((item, at) =>
              at === index ? { ...item, [key]: value, errors: { ...item.errors, [key]: undefined } } : item,
            ),
          );
        return (
          <Group key={label} gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              type="datetime-local"
              label={`Start (${label})`}
              value={row.start}
              onChange={(event) => set('start', event.currentTarget.value)}
              error={row.errors.start}
              w={230}
            />
            <TextInput
              type="datetime-local"
              label={`End (${label})`}
              value={row.end}
              onChange={(event) => set('end', event.currentTarget.value)}
              error={row.errors.end}
              w={230}
            />
          </Group>
        );
      })}
      <Group>
        <Button type="submit" size="xs" loading={propose.isPending || proposeWindows.isPending}>
          Propose schedule
        </Button>
        {more.length < MAX_WINDOWS - 1 ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setMore((rows) => [...rows, { start: '', end: '', errors: {} }])}
          >
            Add another window
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
