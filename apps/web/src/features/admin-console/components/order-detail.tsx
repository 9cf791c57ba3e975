import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDateTime, formatPlaceWindow } from '@spacecapture/shared/format';
import { adminSupportRequestPath, PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { ReactNode } from 'react';
import { Fact } from '../../../components/portal/fact.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { RecordFrame } from '../../../components/portal/record-frame.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useOrder } from '../api/get-order.ts';
import { nextStepOf } from '../utils/next-step.ts';
import { ConsoleStatusBadge } from './console-status-badge.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderPlace } from './order-place.tsx';
import { OrderTimeline } from './order-timeline.tsx';

function OrderFacts({ order }: { order: TAdminOrderDetail['order'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Fact label="Customer">
        <Anchor component={AppLink} to={`${PORTAL_PATHS.admin.customers}?customer=${order.customerOrg.id}`}>
          {order.customerOrg.name}
        </Anchor>
      </Fact>
      <Fact label="Location">{order.location}</Fact>
      <Fact label="Capture type">{labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)}</Fact>
      <Fact label="Scheduled window">
        {order.scheduledStart && order.scheduledEnd
          ? formatPlaceWindow(order.scheduledStart, order.scheduledEnd, order.place?.timeZone)
          : 'Not scheduled yet'}
      </Fact>
      <Fact label="Timeline">{order.preferredDates?.timeline || '—'}</Fact>
      <Fact label="Customer's notes">{order.preferredDates?.notes || '—'}</Fact>
      <Fact label="Created">{formatDateTime(order.createdAt)}</Fact>
      <Fact label="Last change">{formatDateTime(order.updatedAt)}</Fact>
    </SimpleGrid>
  );
}

/** The support requests the customer sent about the order, each opening in the support inbox. */
function OrderSupportRequests({ requests }: { requests: TAdminOrderDetail['supportRequests'] }) {
  return (
    <PortalSection title="Support requests">
      <Stack gap="xs">
        {requests.map((request) => (
          <Group key={request.id} gap="sm">
            <Anchor component={AppLink} to={adminSupportRequestPath(request.id)}>
              {request.subject}
            </Anchor>
            <ConsoleStatusBadge status={request.status} />
            <Text size="sm" c="dimmed">
              {formatDateTime(request.createdAt)}
            </Text>
          </Group>
        ))}
      </Stack>
    </PortalSection>
  );
}

const WAITS_FOR = { admin: 'Your move', customer: 'Waiting for the customer', provider: 'Waiting for the provider' };

/** What the order waits for, and the button to the page where the admin takes the step (decision 201). */
function NextStep({ detail }: { detail: TAdminOrderDetail }) {
  const step = nextStepOf(detail);
  if (step.waitsFor === 'nobody') return null;
  return (
    <Alert
      color={step.waitsFor === 'admin' ? 'brand' : 'gray'}
      variant="light"
      title={`Next step · ${WAITS_FOR[step.waitsFor]}`}
      data-testid="order-next-step"
      // Where the order stands, not an announcement: a named region rather than role="alert".
      role="region"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{step.text}</Text>
        {step.action ? (
          <Button component={AppLink} to={step.action.href} size="sm">
            {step.action.label}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

/**
 * One order: its facts, the admin's actions and its whole history, with Back to the list (?order=<id>).
 * `progress`: what the page adds under the next step (the auto-offer cascade, from its own feature).
 */
export function OrderDetail({ id, onBack, progress }: { id: string; onBack: () => void; progress?: ReactNode }) {
  const order = useOrder(id);

  const body = (
    <RecordState query={order} what="the order">
      {(data) => {
        const detail = data;
        return (
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Group justify="space-between" align="flex-start" gap="md">
                  <Group gap="sm" align="center">
                    <Title order={2} fz={20}>
                      {detail.order.title}
                    </Title>
                    <ConsoleStatusBadge status={detail.order.status} />
                  </Group>
                  <OrderActions
                    order={detail.order}
                    uploadsOpenedEarly={detail.jobEvents.some((event) => event.type === 'uploads_opened_early')}
                  />
                </Group>
                <NextStep detail={detail} />
                {progress}
                <OrderFacts order={detail.order} />
              </Stack>
            </Paper>
            <OrderPlace order={detail.order} />
            {detail.supportRequests.length > 0 ? <OrderSupportRequests requests={detail.supportRequests} /> : null}
            <PortalSection title="History">
              <OrderTimeline detail={detail} />
            </PortalSection>
          </Stack>
        );
      }}
    </RecordState>
  );

  return <RecordFrame onBack={onBack}>{body}</RecordFrame>;
}
