import { Anchor, Group, Text, Timeline } from '@mantine/core';
import type { TAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { formatDateTime } from '@spacecapture/shared/format';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { FileThumbnail } from '../../../components/ui/file-thumbnail.tsx';
import { PointTreeStatus } from '../../../components/ui/point-tree-status.tsx';
import { buildOrderTimeline, type TTimelineKind } from '../utils/order-timeline.ts';
import { CheckOverrideButton } from './check-override-button.tsx';
import { ConsoleStatusBadge } from './console-status-badge.tsx';

const KIND_LABELS: Record<TTimelineKind, string> = {
  event: 'Event',
  quote: 'Quote',
  assignment: 'Offer',
  deliverable: 'Deliverable',
  rating: 'Rating',
};

/** An order's whole history, newest first: job events, quotes, offers, deliverables and ratings. */
export function OrderTimeline({ detail }: { detail: TAdminOrderDetail }) {
  const entries = buildOrderTimeline(detail);
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No history yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} role="list" aria-label="Order history">
      {entries.map((entry) => (
        <Timeline.Item
          role="listitem"
          key={entry.key}
          title={
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {entry.title}
              </Text>
              {entry.status ? <ConsoleStatusBadge status={entry.status} /> : null}
              {entry.viewPath ? (
                <Anchor component={AppLink} to={entry.viewPath} size="sm">
                  View
                </Anchor>
              ) : null}
              {entry.failedCheck ? <CheckOverrideButton orderId={detail.order.id} file={entry.failedCheck} /> : null}
            </Group>
          }
        >
          {entry.file ? (
            <>
              <FileThumbnail fileName={entry.file.fileName} thumbnailUrl={entry.file.thumbnailUrl} size={64} />
              {/* Admins support providers, so a failed conversion says why, as the provider reads it. */}
              <PointTreeStatus tree={entry.file.pointTree} showFailure />
            </>
          ) : null}
          {entry.details.map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed" mt={2}>
            {KIND_LABELS[entry.kind]} · {formatDateTime(entry.at)}
            {entry.by ? ` · by ${entry.by}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
