import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';
import { formatClockTime, formatDate, formatDateTime, formatTime } from '@spacecapture/shared/format';
import { useSearchParams } from 'react-router';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useSchedule } from '../api/get-schedule.ts';
import { addDays, dayLabel, localDate, type TWeekDay, weekFromParam, weekLabel, weekOf } from './week-days.ts';

/** Label shades dark on the light scheme and pale on the dark one: AA on either background. */
const SHADE = {
  proposed: 'light-dark(var(--mantine-color-yellow-9), var(--mantine-color-yellow-3))',
  confirmed: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-3))',
  today: 'light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-3))',
} as const;

/** The search parameter that holds the week shown, as its Monday (`?week=2026-12-07`). */
export const WEEK_PARAM = 'week';

/** Where a block leads: the job's page, given by the route. */
type TJobHref = (assignmentId: string) => string;

/**
 * A block's time at its place: the clock times with the zone's IANA name (decision 141), the end's
 * date too when the window runs past midnight; an order without a place shows the viewer's times.
 */
export function blockTime(entry: TScheduleEntry): string {
  const zone = entry.timeZone ?? undefined;
  const sameDay = localDate(entry.start, entry.timeZone) === localDate(entry.end, entry.timeZone);
  if (entry.timeZone) {
    const end = sameDay
      ? formatClockTime(entry.end, zone)
      : `${formatDate(entry.end, zone)}, ${formatClockTime(entry.end, zone)}`;
    return `${formatClockTime(entry.start, zone)} – ${end} (${entry.timeZone})`;
  }
  return `${formatClockTime(entry.start)} – ${sameDay ? formatTime(entry.end) : formatDateTime(entry.end)}`;
}

function Block({ entry, jobHref }: { entry: TScheduleEntry; jobHref: TJobHref }) {
  const proposed = entry.kind === 'proposed';
  const title = entry.title ?? 'Capture job';
  return (
    <Paper
      component={AppLink}
      to={jobHref(entry.assignmentId)}
      data-testid="week-block"
      data-kind={entry.kind}
      withBorder
      radius="sm"
      p={6}
      // Proposed windows are dashed and pale, and say so in words: colour is never the only sign.
      style={{
        display: 'block',
        textDecoration: 'none',
        color: 'inherit',
        borderStyle: proposed ? 'dashed' : 'solid',
        borderColor: proposed ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-teal-7)',
        borderLeftWidth: 4,
        background: proposed ? 'transparent' : 'var(--mantine-color-teal-light)',
        overflowWrap: 'anywhere',
      }}
    >
      <Text size="xs" fw={700} tt="uppercase" c={proposed ? SHADE.proposed : SHADE.confirmed}>
        {proposed ? 'Proposed' : 'Confirmed'}
      </Text>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xs">{blockTime(entry)}</Text>
    </Paper>
  );
}

function Day({ day, today, jobHref }: { day: TWeekDay; today: string; jobHref: TJobHref }) {
  const { weekday, date } = dayLabel(day.date);
  const isToday = day.date === today;
  return (
    <Box
      component="section"
      aria-label={`${weekday}, ${date}`}
      aria-current={isToday ? 'date' : undefined}
      data-testid="week-day"
      data-date={day.date}
      p={6}
      style={{
        borderTop: `3px solid ${isToday ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-default-border)'}`,
        minWidth: 0,
      }}
    >
      <Title order={3} fz="sm" mb={6}>
        {weekday}{' '}
        <Text span fw={400} inherit>
          {date}
        </Text>
        {isToday ? (
          <Text span size="xs" c={SHADE.today} fw={600} ml={6}>
            Today
          </Text>
        ) : null}
      </Title>
      {day.entries.length === 0 ? (
        <Text size="xs" c="dimmed">
          No captures
        </Text>
      ) : (
        <Stack gap={6}>
          {day.entries.map((entry) => (
            <Block key={`${entry.assignmentId}-${entry.kind}`} entry={entry} jobHref={jobHref} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The organisation's proposed and confirmed capture windows, Monday to Sunday, the week in the URL
 * (decision 207). Seven columns on a wide screen; a list of days on a phone.
 */
export function WeekCalendar({ jobHref }: { jobHref: TJobHref }) {
  const schedule = useSchedule();
  const [params, setParams] = useSearchParams();
  const today = localDate(new Date(useNow(60_000)));
  const monday = weekFromParam(params.get(WEEK_PARAM), today);
  const thisWeek = weekFromParam(null, today);

  function showWeek(week: string) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(WEEK_PARAM, week);
        return next;
      },
      { preventScrollReset: true },
    );
  }

  return (
    <Box component="section" aria-labelledby="week-calendar-title">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <div>
          <Title order={2} fz="lg" id="week-calendar-title">
            Week
          </Title>
          <Text size="sm" aria-live="polite" data-testid="week-range">
            {weekLabel(monday)}
          </Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => showWeek(addDays(monday, -7))}>
            Previous week
          </Button>
          <Button size="xs" variant="default" disabled={monday === thisWeek} onClick={() => showWeek(thisWeek)}>
            This week
          </Button>
          <Button size="xs" variant="default" onClick={() => showWeek(addDays(monday, 7))}>
            Next week
          </Button>
        </Group>
      </Group>
      <RecordState query={schedule} what="the schedule">
        <SimpleGrid cols={{ base: 1, lg: 7 }} spacing={6} verticalSpacing="xs">
          {weekOf(schedule.data?.items ?? [], monday).map((day) => (
            <Day key={day.date} day={day} today={today} jobHref={jobHref} />
          ))}
        </SimpleGrid>
      </RecordState>
    </Box>
  );
}
