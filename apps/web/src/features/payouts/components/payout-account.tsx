import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TPayoutAccount } from '@spacecapture/shared/contracts/payouts';
import { formatDateTime } from '@spacecapture/shared/format';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { useQueryParams } from '../../../lib/navigation.ts';
import { startPayoutOnboarding, usePayoutAccount, useRefreshPayoutAccount } from '../api/payout-account.ts';

const STATE_LABELS: Record<TPayoutAccount['state'], string> = {
  not_started: 'Not set up',
  pending: 'Setup not finished',
  ready: 'Ready',
};

const ERROR_COLOR = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';

function AccountState({ account, canManage }: { account: TPayoutAccount; canManage: boolean }) {
  const onboarding = useMutation({
    mutationFn: startPayoutOnboarding,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  if (!account.available) {
    return <Text size="sm">Payouts are made by bank transfer to the account you gave us.</Text>;
  }
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Stripe payouts:
        </Text>
        <Badge variant="light" color={account.state === 'ready' ? 'green' : 'gray'}>
          {STATE_LABELS[account.state]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {account.state === 'ready'
          ? 'Payouts are sent by Stripe transfer to your connected account, and Stripe pays them to your bank.'
          : account.state === 'pending'
            ? 'Stripe still needs your details before payouts can go to your connected account. Until then, payouts are made by bank transfer.'
            : 'Set up Stripe to be paid by Stripe transfer. Until then, payouts are made by bank transfer.'}
      </Text>
      {account.syncedAt ? (
        <Text size="xs" c="dimmed">
          Checked with Stripe {formatDateTime(account.syncedAt)}
        </Text>
      ) : null}
      {canManage && account.state !== 'ready' ? (
        <Group>
          <Button onClick={() => onboarding.mutate()} loading={onboarding.isPending}>
            {account.state === 'not_started' ? 'Set up Stripe payouts' : 'Continue Stripe setup'}
          </Button>
        </Group>
      ) : null}
      {!canManage && account.state !== 'ready' ? (
        <Text size="sm">Your organisation's admin sets up Stripe payouts.</Text>
      ) : null}
      {onboarding.isError ? (
        <Text size="sm" role="alert" style={{ color: ERROR_COLOR }}>
          {onboarding.error instanceof Error ? onboarding.error.message : 'Stripe setup could not be started.'}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * How the organisation is paid (decision 227): by bank transfer, or by Stripe transfer once its
 * Stripe connected account is ready. Back from Stripe's onboarding (`?stripe=return`), the account
 * is read again from Stripe; a link that expired (`?stripe=refresh`) asks to continue.
 */
export function PayoutAccount() {
  const profile = useProfile();
  const back = useQueryParams().get('stripe');
  const account = usePayoutAccount();
  const refresh = useRefreshPayoutAccount();
  const asked = useRef(false);
  useEffect(() => {
    if (back !== 'return' || asked.current) return;
    asked.current = true;
    refresh.mutate();
  }, [back, refresh]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="How you are paid">
      <Stack gap="md">
        <Title order={2} fz={20}>
          How you are paid
        </Title>
        {back === 'refresh' ? (
          <Text size="sm" role="status">
            The Stripe setup link expired. Continue the setup to pick up where you left off.
          </Text>
        ) : null}
        <RecordState query={account} what="the payout account">
          {(data: TPayoutAccount) => <AccountState account={data} canManage={profile.role === 'provider_admin'} />}
        </RecordState>
      </Stack>
    </Paper>
  );
}
