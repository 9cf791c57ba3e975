import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useOrderReview } from '../api/get-order-review.ts';
import { ChangeRequests } from './change-requests.tsx';
import { ReviewVersions } from './review-versions.tsx';

/**
 * The provider's side of the review (decision 133): the customer's comments of every round, with
 * what to do while changes are requested, and every file version. Nothing before a change request.
 */
export function ProviderReviewPanel({ orderId }: { orderId: string }) {
  const review = useOrderReview('provider', orderId);
  const data = review.data;
  if (!data || data.changeRequests.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Customer review">
      <Stack gap="md">
        <Title order={2} fz={20}>
          Customer review
        </Title>
        {data.status === 'changes_requested' ? (
          <Alert color="orange" title="Changes requested">
            Upload each revised file under the same file name: it becomes the file's next version, and the earlier one
            stays available marked as superseded. Then mark the order re-delivered.
          </Alert>
        ) : null}
        <ChangeRequests requests={data.changeRequests} />
        <Title order={3} fz={18}>
          File versions
        </Title>
        <ReviewVersions files={data.files} />
      </Stack>
    </Paper>
  );
}
