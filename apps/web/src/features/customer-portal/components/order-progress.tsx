import { Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TOrderProgress, TProgressStep } from '@spacecapture/shared/contracts/customer-portal';

const STEP_TEXT: Record<TProgressStep['state'], string> = {
  done: 'completed',
  current: 'in progress',
  pending: 'pending',
};

/** What each step is called before its state ("Processing and QA in progress", spec 001 §2). */
const STEP_NAME: Record<TProgressStep['key'], string> = {
  capture: 'Capture',
  processing: 'Processing and QA',
  delivery: 'Final delivery',
};

/** A step as a sentence: "Capture completed", "Processing and QA in progress", "Final delivery pending". */
export function stepText(step: TProgressStep): string {
  return `${STEP_NAME[step.key] ?? step.label} ${STEP_TEXT[step.state]}`;
}

const STEP_COLOR: Record<TProgressStep['state'], string> = { done: 'green', current: 'blue', pending: 'gray' };
const STEP_MARK: Record<TProgressStep['state'], string> = { done: '✓', current: '•', pending: '○' };

/** The order's progress bar and its three steps, as the server worked them out from the job's events. */
export function OrderProgress({ progress }: { progress: TOrderProgress }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Progress
        </Text>
        <Text size="sm" c="dimmed">
          {progress.percent}%
        </Text>
      </Group>
      <Progress value={progress.percent} size="lg" radius="xl" aria-label="Order progress" />
      <List spacing="xs" listStyleType="none" aria-label="Steps">
        {progress.steps.map((step) => (
          <List.Item
            key={step.key}
            data-state={step.state}
            icon={
              <ThemeIcon color={STEP_COLOR[step.state]} variant="light" size={22} radius="xl" aria-hidden="true">
                {STEP_MARK[step.state]}
              </ThemeIcon>
            }
          >
            <Text size="sm" span fw={step.state === 'current' ? 600 : 400}>
              {stepText(step)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
