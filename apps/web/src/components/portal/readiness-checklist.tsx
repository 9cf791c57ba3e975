import { Anchor, Group, List, Text, ThemeIcon } from '@mantine/core';
import type { TReadiness, TReadinessItem } from '@spacecapture/shared/provider-readiness';
import { READINESS_FIX_PATHS } from '@spacecapture/shared/provider-readiness';
import type { ReactNode } from 'react';
import { AppLink } from '../ui/app-link.tsx';

type TReadinessChecklistProps = {
  readiness: TReadiness;
  /**
   * Where an open item is fixed, for this reader: the provider gets a link to its own page for the
   * item; an admin gets what the item needs (a pending certification is verified on this page).
   */
  fixOf?: (item: TReadinessItem) => ReactNode;
};

/** Links each open item to the provider's page where it is set. */
export function providerFixLink(item: TReadinessItem): ReactNode {
  return (
    <Anchor component={AppLink} to={READINESS_FIX_PATHS[item.key]} size="sm">
      Fix: {item.label.toLowerCase()}
    </Anchor>
  );
}

/**
 * What a provider organisation needs before dispatch can offer it jobs (decision 200): one line
 * per item, done or open, and for an open one what to do and where.
 */
export function ReadinessChecklist({ readiness, fixOf }: TReadinessChecklistProps) {
  return (
    <>
      <Text size="sm" fw={600}>
        {readiness.ready
          ? 'Ready for jobs: dispatch can offer this provider work.'
          : `${readiness.items.filter((item) => !item.done).length} of ${readiness.items.length} still to do before dispatch can offer jobs.`}
      </Text>
      <List spacing="xs" listStyleType="none" aria-label="Readiness checklist">
        {readiness.items.map((item) => (
          <List.Item key={item.key} data-testid={`readiness-${item.key}`} data-done={item.done}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ThemeIcon size="sm" radius="xl" color={item.done ? 'teal' : 'gray'} variant="light" aria-hidden>
                {item.done ? '✓' : '·'}
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  {item.label}: {item.done ? 'done' : 'to do'}
                </Text>
                <Text size="sm" c="dimmed">
                  {item.detail}
                </Text>
                {!item.done && fixOf ? fixOf(item) : null}
              </div>
            </Group>
          </List.Item>
        ))}
      </List>
    </>
  );
}
