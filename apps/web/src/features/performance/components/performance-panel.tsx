import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@spacecapture/shared/format';
import type { ReactNode } from 'react';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { usePerformance } from '../api/get-performance.ts';
import { monthlySeries } from './performance-months.ts';

function Tile({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} mt={4}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

function reviewsNote(count: number) {
  if (count === 0) return 'No reviews yet';
  return `Based on ${count} review${count === 1 ? '' : 's'}`;
}

/** Figures the server computes from the organisation's jobs (spec 001 §2 Performance tab). */
export function PerformancePanel() {
  const performance = usePerformance();
  const figures = performance.data;
  const now = new Date();
  const thisMonth = now.toISOString().slice(0, 7);
  return (
    <RecordState query={performance} what="performance">
      {figures ? (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Tile label="Completed Projects" value={String(figures.completedProjects)} />
            <Tile label="Active Projects" value={String(figures.activeProjects)} />
            <Tile
              label="Total Earnings"
              value={
                // One figure per currency the jobs were paid in: amounts in different currencies never add up.
                figures.earnings.length === 0
                  ? '–'
                  : figures.earnings.map((sum) => formatMoney(sum.total, sum.currency)).join(' · ')
              }
            />
            <Tile
              label="Average Rating"
              value={figures.averageRating === null ? '–' : `${figures.averageRating.toFixed(1)}/5.0`}
              note={reviewsNote(figures.ratingCount)}
            />
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <BarChart title="Accepted jobs per month" data={monthlySeries(figures.jobsPerMonth, now)} />
            <Text size="sm" c="dimmed" mt="xs">
              This month: +{figures.jobsPerMonth.find((item) => item.month === thisMonth)?.jobs ?? 0}
            </Text>
          </Paper>
        </Stack>
      ) : null}
    </RecordState>
  );
}
