import { SimpleGrid } from '@mantine/core';
import { WORKFLOW_EMPTY } from '@spacecapture/shared/contracts/admin-workflow';
import { ListState } from '../../../components/portal/list-state.tsx';
import { useAssignmentQueue } from '../api/get-assignment-queue.ts';
import { AssignmentCard } from './assignment-card.tsx';

/** The orders ready for assignment, one card each. */
export function AssignmentQueue() {
  const queue = useAssignmentQueue();
  const items = queue.data?.items ?? [];
  return (
    <ListState query={queue} count={items.length} what="orders" empty={WORKFLOW_EMPTY.assignments}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {items.map((item) => (
          <AssignmentCard key={item.order.id} item={item} />
        ))}
      </SimpleGrid>
    </ListState>
  );
}
