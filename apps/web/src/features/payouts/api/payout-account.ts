import { ZPayoutAccount, ZPayoutOnboardingLink } from '@spacecapture/shared/contracts/payouts';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { payoutsKeys } from './payouts-keys.ts';

/** GET /api/provider/payout-account → the organisation's Stripe connected account, and whether Stripe is set up. */
export function usePayoutAccount() {
  return useQuery(endpointQuery(payoutsKeys.account(), '/api/provider/payout-account', ZPayoutAccount));
}

/** POST /api/provider/payout-account/onboarding → Stripe's onboarding page to send the admin to. */
export function startPayoutOnboarding() {
  return sendJson('/api/provider/payout-account/onboarding', {}, ZPayoutOnboardingLink);
}

/** POST /api/provider/payout-account/refresh: reads the account from Stripe (back from onboarding). */
export function useRefreshPayoutAccount() {
  return useRefreshingMutation(payoutsKeys.account(), {
    mutationFn: () => sendJson('/api/provider/payout-account/refresh', {}, ZPayoutAccount),
  });
}
