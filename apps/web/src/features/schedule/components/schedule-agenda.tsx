import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TScheduleEntry } from '@spacecapture/shared/contracts/provider-portal';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatPlaceWindow,
  formatTime,
} from '@spacecapture/shared/format';
import { useState } from 'react';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useSchedule } from '../api/get-schedule.ts';
import { scheduleAgenda, type TScheduleDay } from './schedule-days.ts';

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
/**
 * The window under its day's heading: at a placed order, the place's local times with its zone
 * named (decision 141); otherwise times only, the viewer's zone named once.
 */
function windowText(entry: TScheduleEntry) {
  if (entry.timeZone) return formatPlaceWindow(entry.start, entry.end, entry.timeZone);
  const sameDay = formatDate(entry.start) === formatDate(entry.end);
  return `${formatClockTime(entry.start)} – ${sameDay ? formatTime(entry.end) : formatDateTime(entry.end)}`;
}

/** Where an entry's View job link leads: the job's address, given by the page. */
type TJobHref = (assignmentId: string) => string;

function EntryCard({ entry, jobHref }: { entry: TScheduleEntry; jobHref: TJobHref }) {
  const title = entry.title ?? 'Capture job';
  return (
    <Card withBorder radius="md" p="sm" data-testid="schedule-entry" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm">{windowText(entry)}</Text>
          <Text size="sm" c="dimmed">
            {entry.location}
          </Text>
        </div>
        <Stack gap={6} align="flex-end">
          <Badge color={entry.kind === 'confirmed' ? 'teal' : 'yellow'} variant="light" radius="sm">
            {entry.kind}
          </Badge>
          <Anchor component={AppLink} to={jobHref(entry.assignmentId)} size="sm">
            View job
          </Anchor>
        </Stack>
      </Group>
      {entry.kind === 'proposed' ? (
        <Text size="xs" c="dimmed" mt={4}>
          Awaiting the admin's confirmation.
        </Text>
      ) : null}
    </Card>
  );
}

function Days({ days, jobHref }: { days: TScheduleDay[]; jobHref: TJobHref }) {
  return (
    <Stack gap="lg">
      {days.map((day) => (
        <section key={day.key} aria-label={DAY.format(day.date)}>
          <Title order={3} fz={16} mb="xs">
            {DAY.format(day.date)}
          </Title>
          <Stack gap="xs">
            {day.entries.map((entry) => (
              <EntryCard key={`${entry.assignmentId}-${entry.kind}`} entry={entry} jobHref={jobHref} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

/**
 * Proposed and confirmed capture windows by day, upcoming first; past ones behind a toggle. Each
 * links to its job at `jobHref(assignmentId)`.
 */
export function ScheduleAgenda({ jobHref }: { jobHref: TJobHref }) {
  const schedule = useSchedule();
  const now = useNow(60_000);
  const [showPast, setShowPast] = useState(false);
  const { upcoming, past } = scheduleAgenda(schedule.data?.items ?? [], now);
  const pastCount = past.reduce((count, day) => count + day.entries.length, 0);
  return (
    <RecordState query={schedule} what="the schedule">
      <Stack gap="xl">
        {upcoming.length === 0 ? (
          <Text c="dimmed">No upcoming capture windows. Accept a project and propose a window; it appears here.</Text>
        ) : (
          <Days days={upcoming} jobHref={jobHref} />
        )}
        {pastCount > 0 ? (
          <Stack gap="md">
            <Group>
              <Button variant="subtle" onClick={() => setShowPast((shown) => !shown)} aria-expanded={showPast}>
                {showPast ? 'Hide past windows' : `Show past windows (${pastCount})`}
              </Button>
            </Group>
            {showPast ? <Days days={past} jobHref={jobHref} /> : null}
          </Stack>
        ) : null}
      </Stack>
    </RecordState>
  );
}
