import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TProfile } from '@spacecapture/shared/contracts/auth';
import { formatDateTime } from '@spacecapture/shared/format';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed.ts';

const failed = (error: unknown) => notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) });

/**
 * The secret calendar address of confirmed captures (decision 146): a provider member's own, a
 * customer organisation's shared one (made and revoked by its admin). Only a hash is kept, so the
 * address shows once, when made; making a new one revokes the old.
 */
export function CalendarFeedCard({ profile }: { profile: TProfile }) {
  const portal = profile.portal;
  const shown = portal === 'provider' || portal === 'customer';
  const feed = useCalendarFeed(shown);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  if (!shown) return null;
  const manages = portal === 'provider' || profile.role === 'customer_admin';
  const current = feed.data?.feed ?? null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} id="calendar" aria-label="Calendar">
      <Stack gap="sm">
        <Title order={2} fz={20}>
          Calendar
        </Title>
        <Text size="sm" c="dimmed">
          {portal === 'provider'
            ? 'Your own calendar address lists the confirmed captures of your organisation. Anyone with it can read them.'
            : 'Your organisation’s calendar address lists its confirmed captures. Anyone with it can read them.'}
        </Text>
        {create.data ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Your calendar address (shown only now):
            </Text>
            <Code block aria-label="Calendar address">
              {create.data.url}
            </Code>
            <Group>
              <CopyButton value={create.data.url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy address'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ) : current ? (
          <Text size="sm">Address made {formatDateTime(current.createdAt)}.</Text>
        ) : (
          <Text size="sm">No calendar address yet.</Text>
        )}
        {manages ? (
          <Group gap="sm">
            <Button size="xs" loading={create.isPending} onClick={() => create.mutate(undefined, { onError: failed })}>
              {current ? 'Make a new address' : 'Make a calendar address'}
            </Button>
            {current ? (
              <Button
                size="xs"
                variant="default"
                loading={revoke.isPending}
                onClick={() => revoke.mutate(undefined, { onError: failed })}
              >
                Revoke
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
