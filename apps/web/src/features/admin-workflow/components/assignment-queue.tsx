import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { WORKFLOW_EMPTY } from '@spacecapture/shared/contracts/admin-workflow';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ListState } from '../../../components/portal/list-state.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';
import { useAssignmentQueue } from '../api/get-assignment-queue.ts';
import { AssignmentCard } from './assignment-card.tsx';

/**
 * The orders ready for assignment, one card each; ?order=<id> (an order page's next step) shows
 * that order alone, with a way back to all of them.
 */
export function AssignmentQueue() {
  const queue = useAssignmentQueue();
  const only = useQueryParams().get('order');
  const all = queue.data?.items ?? [];
  const items = only ? all.filter((item) => item.order.id === only) : all;
  return (
    <>
      {only ? (
        <Text size="sm" mb="sm">
          {items.length === 0 && queue.data ? 'That order is not waiting for an assignment. ' : 'One order shown. '}
          <Anchor component={AppLink} to={PORTAL_PATHS.admin.assignments}>
            Show every order
          </Anchor>
        </Text>
      ) : null}
      <ListState query={queue} count={items.length} what="orders" empty={WORKFLOW_EMPTY.assignments}>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {items.map((item) => (
            <AssignmentCard key={item.order.id} item={item} />
          ))}
        </SimpleGrid>
      </ListState>
    </>
  );
}
