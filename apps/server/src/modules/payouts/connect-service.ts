import type { TDatabase } from '@spacecapture/db/client';
import type { TPayoutAccount, TPayoutOnboardingLink } from '@spacecapture/shared/contracts/payouts';
import { AppError } from '@spacecapture/shared/errors';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type Stripe from 'stripe';
import type { TActor } from '../../lib/actor.ts';
import {
  assignStripeAccount,
  findOrganization,
  findOrganizationByStripeAccount,
  recordStripeAccountState,
  type TStripeAccountState,
} from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { stripeAccountReady, type TStripeConnect } from './stripe-connect.ts';

export const CONNECT_MESSAGES = {
  unavailable: 'Stripe is not set up: payouts are made by bank transfer.',
  notProvider: 'Only a provider organisation receives payouts.',
} as const;

type TOrganisationRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

function accountView(row: TOrganisationRow, available: boolean): TPayoutAccount {
  const state: TStripeAccountState = {
    detailsSubmitted: row.stripeDetailsSubmitted,
    chargesEnabled: row.stripeChargesEnabled,
    payoutsEnabled: row.stripePayoutsEnabled,
  };
  return {
    available,
    state: !row.stripeAccountId ? 'not_started' : stripeAccountReady(state) ? 'ready' : 'pending',
    ...state,
    syncedAt: row.stripeAccountSyncedAt?.toISOString() ?? null,
  };
}

/**
 * Stripe Connect onboarding of provider organisations (decision 227): an organisation's admin is
 * sent to Stripe's hosted onboarding for the organisation's Express account (created once); what
 * Stripe says of the account (details submitted, charges and payouts enabled) is read on the return
 * and from the `account.updated` event, and kept on the organisation through its owner (accounts).
 */
export function createConnectService(deps: {
  db: TDatabase;
  clock: () => Date;
  publicUrl: string;
  connect: TStripeConnect | null;
  /** A transfer's reversal told by Stripe (`transfer.reversed`, `transfer.updated`; decision 243). */
  onTransfer?: (transfer: Stripe.Transfer) => Promise<{ booked: boolean }>;
}) {
  const { db, clock, connect } = deps;
  const earnings = `${deps.publicUrl}${PORTAL_PATHS.provider.earnings}`;

  async function providerOrgOf(actor: TActor) {
    const row = actor.orgId ? await findOrganization(db, actor.orgId) : undefined;
    if (!row) throw new AppError('not_found', 'Organisation not found.');
    if (row.type !== 'provider') throw new AppError('forbidden', CONNECT_MESSAGES.notProvider);
    return row;
  }

  /** Records Stripe's word on an account at `at`, audited when it changed anything. */
  async function record(accountId: string, state: TStripeAccountState, at: Date, actorUserId: string | null) {
    await db.transaction(async (tx) => {
      const changed = await recordStripeAccountState(tx, accountId, state, at);
      if (!changed) return;
      const { before, after } = changed;
      const same =
        before.stripeDetailsSubmitted === after.stripeDetailsSubmitted &&
        before.stripeChargesEnabled === after.stripeChargesEnabled &&
        before.stripePayoutsEnabled === after.stripePayoutsEnabled;
      if (same) return;
      await recordAudit(tx, {
        entity: 'organization',
        entityId: after.id,
        action: 'sync_stripe_account',
        before: {
          detailsSubmitted: before.stripeDetailsSubmitted,
          chargesEnabled: before.stripeChargesEnabled,
          payoutsEnabled: before.stripePayoutsEnabled,
        },
        after: { accountId, ...state },
        actorUserId,
      });
    });
  }

  return {
    /** The caller's organisation's connected account as last recorded. */
    async account(actor: TActor): Promise<TPayoutAccount> {
      return accountView(await providerOrgOf(actor), connect !== null);
    },

    /**
     * Starts (or continues) Stripe onboarding: the organisation's account, created on the first
     * call only, and a fresh onboarding link back to Earnings. Stripe is asked outside any
     * transaction; its idempotency key makes two first clicks at once one account, and the account
     * is stored only where none is, so an organisation never holds two.
     */
    async startOnboarding(actor: TActor): Promise<TPayoutOnboardingLink> {
      if (!connect) throw new AppError('conflict', CONNECT_MESSAGES.unavailable);
      const organisation = await providerOrgOf(actor);
      let accountId = organisation.stripeAccountId;
      if (!accountId) {
        const created = await connect.createAccount({ id: organisation.id, name: organisation.name });
        accountId = await db.transaction(async (tx) => {
          const kept = await assignStripeAccount(tx, organisation.id, created, clock());
          if (kept === created) {
            await recordAudit(tx, {
              entity: 'organization',
              entityId: organisation.id,
              action: 'connect_stripe_account',
              before: null,
              after: { accountId: created },
              actorUserId: actor.userId,
            });
          }
          return kept ?? created;
        });
      }
      const url = await connect.onboardingLink(accountId, {
        return: `${earnings}?stripe=return`,
        refresh: `${earnings}?stripe=refresh`,
      });
      return { url };
    },

    /** Back from Stripe's onboarding: the account's state read from Stripe (a return URL proves nothing). */
    async refresh(actor: TActor): Promise<TPayoutAccount> {
      const organisation = await providerOrgOf(actor);
      if (connect && organisation.stripeAccountId) {
        const state = await connect.retrieve(organisation.stripeAccountId);
        await record(organisation.stripeAccountId, state, clock(), actor.userId);
      }
      return accountView(await providerOrgOf(actor), connect !== null);
    },

    /**
     * A Stripe event, if it is one for Connect: on `account.updated` of an account an organisation
     * holds, the account is read back from Stripe and its state recorded, so an event that arrives
     * late, twice or out of order still leaves the state Stripe holds now; `transfer.reversed` and
     * `transfer.updated` book what Stripe reversed of a payout's transfer, once (decision 243). Any
     * event signed by the Connect endpoint's own secret is acknowledged here. Null: not a Connect
     * event (or not verified), for the payment events' handler to verify and answer.
     */
    async receiveEvent(rawBody: Buffer, signature: string | undefined): Promise<{ booked: boolean } | null> {
      if (!connect) return null;
      const verified = connect.verify(rawBody, signature);
      if (!verified) return null;
      const { event, connectEndpoint } = verified;
      if ((event.type === 'transfer.reversed' || event.type === 'transfer.updated') && deps.onTransfer) {
        return deps.onTransfer(event.data.object);
      }
      if (event.type !== 'account.updated') return connectEndpoint ? { booked: false } : null;
      const accountId = event.data.object.id;
      if (await findOrganizationByStripeAccount(db, accountId)) {
        await record(accountId, await connect.retrieve(accountId), clock(), null);
      }
      return { booked: false };
    },
  };
}

export type TConnectService = ReturnType<typeof createConnectService>;
