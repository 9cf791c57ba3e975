import type { TPayoutAccount } from '@spacecapture/shared/contracts/payouts';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileContext } from '../../../lib/auth/profile-context.ts';
import { providerProfileOf } from '../../../test/provider-fixtures.ts';
import { renderInPortal, waitFor } from '../../../test/render-in-portal.tsx';
import { PayoutAccount } from './payout-account.tsx';

/** How a provider is paid (decision 227): bank transfer without Stripe; Stripe onboarding for the admin. */

const account = (overrides: Partial<TPayoutAccount>): TPayoutAccount => ({
  available: true,
  state: 'not_started',
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  syncedAt: null,
  ...overrides,
});

let view: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => view?.unmount());

const text = () => document.body.textContent ?? '';
const button = (name: string) => [...document.querySelectorAll('button')].find((item) => item.textContent === name);

describe('PayoutAccount', () => {
  it('says payouts are by bank transfer when Stripe is not set up, and offers no setup', async () => {
    view = renderInPortal(
      <ProfileContext value={providerProfileOf('provider_admin')}>
        <PayoutAccount />
      </ProfileContext>,
      () => ({ status: 200, body: account({ available: false }) }),
    );
    await waitFor(() => expect(text()).toContain('Payouts are made by bank transfer'));
    expect(button('Set up Stripe payouts')).toBeUndefined();
  });

  it("lets the organisation's admin start Stripe onboarding, and tells a member the admin does it", async () => {
    view = renderInPortal(
      <ProfileContext value={providerProfileOf('provider_admin')}>
        <PayoutAccount />
      </ProfileContext>,
      (call) =>
        call.method === 'POST'
          ? { status: 409, body: { error: { code: 'conflict', message: 'Stripe is not set up.' } } }
          : { status: 200, body: account({}) },
    );
    await waitFor(() => expect(button('Set up Stripe payouts')).toBeDefined());
    expect(text()).toContain('Not set up');
    act(() => button('Set up Stripe payouts')!.click());
    await waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toBe('Stripe is not set up.'));
    expect(view.calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'POST /api/provider/payout-account/onboarding',
    );
    view.unmount();

    view = renderInPortal(
      <ProfileContext value={providerProfileOf('provider_user')}>
        <PayoutAccount />
      </ProfileContext>,
      () => ({ status: 200, body: account({ state: 'pending', detailsSubmitted: false }) }),
    );
    await waitFor(() => expect(text()).toContain("Your organisation's admin sets up Stripe payouts."));
    expect(button('Continue Stripe setup')).toBeUndefined();
  });

  it('reads the account again from Stripe on the return from onboarding and shows it ready', async () => {
    let refreshed = false;
    view = renderInPortal(
      <ProfileContext value={providerProfileOf('provider_admin')}>
        <PayoutAccount />
      </ProfileContext>,
      (call) => {
        if (call.method === 'POST') refreshed = true;
        const ready = account({ state: 'ready', detailsSubmitted: true, payoutsEnabled: true, chargesEnabled: true });
        return { status: 200, body: refreshed ? { ...ready, syncedAt: '2026-11-20T10:00:00.000Z' } : account({}) };
      },
      '/provider/earnings?stripe=return',
    );
    await waitFor(() => expect(text()).toContain('Ready'));
    expect(view.calls.filter((call) => call.url === '/api/provider/payout-account/refresh')).toHaveLength(1);
    expect(button('Continue Stripe setup')).toBeUndefined();
  });
});
