import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import {
  REVIEW_TOASTS,
  type TChangeRequestView,
  type TOrderReview,
  type TReviewDecision,
} from '@spacecapture/shared/contracts/order-review';
import { formatDateTime } from '@spacecapture/shared/format';
import { useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useOrderReview } from '../api/get-order-review.ts';
import { useApproveOrder } from '../api/review-actions.ts';
import { addDraftComment, useReviewDraft } from '../review-draft.ts';
import { ChangeRequests } from './change-requests.tsx';
import { RequestChangesForm } from './request-changes-form.tsx';

/** " by Dana" when the name is known. */
function byWhom(name: string | null) {
  return name ? ` by ${name}` : '';
}

/** The decision that ended the review, as a sentence: who, when and, from an admin or the system, why. */
function decisionSentence(decision: TReviewDecision) {
  const at = formatDateTime(decision.at);
  const why = decision.reason ? ` Reason: ${decision.reason}` : '';
  switch (decision.outcome) {
    case 'approved':
      return `Approved${byWhom(decision.by)} on ${at}. The order is complete.`;
    case 'approved_on_behalf':
      return `Approved on your behalf${byWhom(decision.by)} on ${at}. The order is complete.${why}`;
    case 'auto_approved':
      return `Approved automatically on ${at}. The order is complete.${why}`;
    case 'closed':
      return `Closed${byWhom(decision.by)} on ${at}. The order is complete.${why}`;
  }
}

function headingOf(review: TOrderReview) {
  if (review.status === 'delivered') return 'Awaiting your review';
  if (review.status === 'changes_requested') return 'Changes requested';
  if (review.decision?.outcome === 'closed') return 'Order closed';
  if (review.decision) return 'Delivery approved';
  return 'Review the delivery';
}

/** The decision standing under the heading, once one is made: who decided and when. */
function StandingDecision({ review, latest }: { review: TOrderReview; latest: TChangeRequestView | undefined }) {
  if (review.status === 'changes_requested' && latest) {
    return (
      <Paper withBorder radius="md" p="sm" role="region" aria-label="Review decision">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Changes requested{byWhom(latest.requestedBy)} on {formatDateTime(latest.requestedAt)}.
          </Text>
          <Text size="sm">
            The provider is working on your comments. You will be told when the revised files are delivered.
          </Text>
        </Stack>
      </Paper>
    );
  }
  if (review.status === 'completed' && review.decision) {
    return (
      <Paper withBorder radius="md" p="sm" role="region" aria-label="Review decision">
        <Text size="sm" fw={600}>
          {decisionSentence(review.decision)}
        </Text>
      </Paper>
    );
  }
  return null;
}

/**
 * The customer's review of a delivered order (decisions 133, 202), first in the order's delivery
 * section: "Awaiting your review" with Approve all and Request changes; then, once decided, the
 * decision standing (who and when; the comments for a change request). Comments written in the
 * files' viewers are already in the draft, so the form opens with them. Nothing before the first
 * delivery.
 */
export function CustomerReviewPanel({ orderId }: { orderId: string }) {
  const review = useOrderReview('customer', orderId);
  const draft = useReviewDraft(orderId);
  const approve = useApproveOrder();
  const [requesting, setRequesting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const data = review.data;
  if (!data || (data.round === 1 && data.changeRequests.length === 0 && !data.canApprove && !data.decision)) {
    return null;
  }

  function onApprove() {
    approve.mutate(orderId, {
      onSettled: () => setConfirming(false),
      onError: (error) =>
        notifyError({ title: REVIEW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) }),
    });
  }

  function onRequestChanges() {
    // The form starts with one comment to write; left empty, it is simply not sent.
    if (draft.length === 0) addDraftComment(orderId);
    setRequesting(true);
  }

  const formOpen = data.canRequestChanges && (requesting || draft.length > 0);
  const currentFiles = data.files.filter((file) => !file.superseded);
  return (
    <Stack gap="md" role="region" aria-label="Review">
      <Title order={3} fz={18}>
        {headingOf(data)}
      </Title>
      {data.status === 'delivered' ? (
        <Text size="sm">
          {data.round > 1 ? `Revised delivery (round ${data.round}). ` : ''}Check the files, then approve the delivery
          or ask the provider for changes.
        </Text>
      ) : null}
      {data.canApprove && !formOpen ? (
        <Group gap="sm">
          <Button color="teal" onClick={() => setConfirming(true)}>
            Approve all
          </Button>
          {data.canRequestChanges ? (
            <Button variant="light" color="orange" onClick={onRequestChanges}>
              Request changes
            </Button>
          ) : null}
        </Group>
      ) : null}
      {formOpen ? (
        <RequestChangesForm orderId={orderId} files={currentFiles} onClose={() => setRequesting(false)} />
      ) : null}
      <StandingDecision review={data} latest={data.changeRequests.at(-1)} />
      <ChangeRequests requests={data.changeRequests} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Approve the delivery?" centered>
        <Stack gap="md">
          <Text size="sm">The order will be completed and the provider told. This cannot be undone.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Not yet
            </Button>
            <Button color="teal" onClick={onApprove} loading={approve.isPending}>
              Approve delivery
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
