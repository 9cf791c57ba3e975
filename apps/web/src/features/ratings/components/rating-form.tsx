import { Button, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import type { TRating } from '@spacecapture/shared/contracts/customer-portal';
import { formatDate } from '@spacecapture/shared/format';
import { type FormEvent, useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRateOrder } from '../api/rate-order.ts';

export const RATING_COMMENT_MAX = 2000;
export const RATING_MESSAGES = {
  chooseScore: 'Please choose from 1 to 5 stars.',
  commentTooLong: `Please keep the comment under ${RATING_COMMENT_MAX} characters.`,
  saved: { title: 'Rating saved', message: 'Thank you for rating this job.' },
  failedTitle: 'Failed',
} as const;

/** Mantine names each star by its value (1–5). */
const starLabel = (value: number) => `${value} star${value === 1 ? '' : 's'}`;

/** The rating given to the job: stars, comment and date (one per order). */
function GivenRating({ rating }: { rating: TRating }) {
  return (
    <Stack gap={4} data-testid="given-rating">
      <Group gap="xs">
        <Rating value={rating.score} readOnly aria-label={`Rated ${rating.score} out of 5`} />
        <Text size="sm" c="dimmed">
          {rating.score}/5 · {formatDate(rating.createdAt)}
        </Text>
      </Group>
      {rating.comment ? <Text size="sm">{rating.comment}</Text> : null}
    </Stack>
  );
}

/**
 * Rate the provider's job once the order is delivered or completed: 1–5 stars and an optional
 * comment. Once given, the rating is shown instead of the form.
 */
export function RatingForm({ orderId, rating }: { orderId: string; rating: TRating | null }) {
  const rate = useRateOrder({ onSuccess: () => notifySuccess(RATING_MESSAGES.saved) });
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [scoreError, setScoreError] = useState<string | null>(null);
  const commentError = comment.trim().length > RATING_COMMENT_MAX ? RATING_MESSAGES.commentTooLong : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (score < 1 || score > 5) {
      setScoreError(RATING_MESSAGES.chooseScore);
      return;
    }
    if (commentError) return;
    const trimmed = comment.trim();
    rate.mutate(
      { orderId, rating: { score, ...(trimmed ? { comment: trimmed } : {}) } },
      {
        onError: (error) =>
          notifyError({ title: RATING_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) }),
      },
    );
  }

  const given = rating ?? rate.data ?? null;
  return (
    <Stack gap="sm">
      <Title order={3} fz={18}>
        {given ? 'Your rating' : 'Rate this job'}
      </Title>
      {given ? (
        <GivenRating rating={given} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Rate this job">
          <Stack gap="sm">
            <div>
              <Text size="sm" fw={500} id={`rating-${orderId}`}>
                Your rating
              </Text>
              <Rating
                value={score}
                onChange={(value) => {
                  setScore(value);
                  setScoreError(null);
                }}
                size="lg"
                getSymbolLabel={starLabel}
                aria-labelledby={`rating-${orderId}`}
              />
              {scoreError ? (
                <Text c="red" size="sm" role="alert">
                  {scoreError}
                </Text>
              ) : null}
            </div>
            <Textarea
              label="Comment (optional)"
              autosize={false}
              rows={3}
              value={comment}
              error={commentError}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            <Group>
              <Button type="submit" loading={rate.isPending}>
                Submit rating
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
