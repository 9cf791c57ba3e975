import { Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TOrderProgress, TProgressStep } from '@spacecapture/shared/contracts/customer-portal';
import { formatDateTime } from '@spacecapture/shared/format';

/**
 * Each step as a sentence in each state ("Processing and QA in progress", spec 001 §2); the spec's
 * three steps follow its wording, scheduling comes before them (decision 108) and the customer's
 * review of the delivery after them (decision 202).
 */
const STEP_SENTENCES: Record<TProgressStep['key'], Record<TProgressStep['state'], string>> = {
  scheduling: { done: 'Capture scheduled', current: 'Scheduling the capture', pending: 'Capture not scheduled yet' },
  capture: { done: 'Capture completed', current: 'Capture in progress', pending: 'Capture pending' },
  processing: {
    done: 'Processing and QA completed',
    current: 'Processing and QA in progress',
    pending: 'Processing and QA pending',
  },
  delivery: {
    done: 'Final delivery completed',
    current: 'Final delivery in progress',
    pending: 'Final delivery pending',
  },
  review: { done: 'Delivery approved', current: 'Awaiting your review', pending: 'Your review pending' },
};

/** A step as a sentence: "Capture completed", "Processing and QA in progress", "Final delivery pending". */
export function stepText(step: TProgressStep): string {
  return STEP_SENTENCES[step.key]?.[step.state] ?? `${step.label} (${step.state})`;
}

const STEP_COLOR: Record<TProgressStep['state'], string> = { done: 'green', current: 'blue', pending: 'gray' };
const STEP_MARK: Record<TProgressStep['state'], string> = { done: '✓', current: '•', pending: '○' };

/** The order's progress bar and its steps, as the server worked them out from the job's events, each done one dated. */
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
            {step.at ? (
              <Text size="sm" span c="var(--color-muted)">
                {' · '}
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
