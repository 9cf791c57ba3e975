import Stripe from 'stripe';
import type { TConfig } from '../../config.ts';
import type { TStripeAccountState } from '../accounts/accounts-repository.ts';
import { createStripeClient } from '../payments/card.ts';

/**
 * Stripe Connect for providers (decisions 227, 228): an Express connected account per provider
 * organisation, the hosted onboarding page it is sent to, its state, and transfers of what the
 * platform owes it from the platform's balance (separate charges and transfers). Without Stripe's
 * keys there is none, and providers are paid by bank transfer.
 */
export type TStripeConnect = {
  /** A new Express account for the organisation; once per organisation (Stripe's idempotency key). */
  createAccount(org: { id: string; name: string }): Promise<string>;
  /** Stripe's hosted onboarding page for the account, with the portal's return and refresh URLs. */
  onboardingLink(accountId: string, urls: { return: string; refresh: string }): Promise<string>;
  retrieve(accountId: string): Promise<TStripeAccountState>;
  transfer(input: TTransferInput): Promise<TTransferOutcome>;
  /**
   * The transfer a payout already made, found by its transfer group and the payout id in its
   * metadata (decision 243): a resume after Stripe's idempotency key expired (24 hours) must not
   * send a second one. Null when there is none; throws when Stripe does not answer.
   */
  findTransfer(input: { transferGroup: string; payoutId: string }): Promise<string | null>;
  /** Takes part of a transfer back from the connected account (`transfers.createReversal`). */
  reverseTransfer(input: TReversalInput): Promise<TReversalOutcome>;
  /**
   * A Connect event, verified with the Connect endpoint's secret when it has its own, else with the
   * account endpoint's: the event and which secret signed it; null when neither did.
   */
  verify(
    rawBody: Buffer | string,
    signature: string | undefined,
  ): { event: Stripe.Event; connectEndpoint: boolean } | null;
};

export type TTransferInput = {
  amountMinor: number;
  currency: string;
  destination: string;
  transferGroup: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
};

export type TReversalInput = {
  transferId: string;
  amountMinor: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
};

/** What became of a reversal, as for a transfer: made (Stripe's reversal id), refused, or unknown. */
export type TReversalOutcome =
  | { outcome: 'sent'; reversalId: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unknown'; reason: string };

/**
 * What became of a transfer: sent (Stripe's transfer id); refused (Stripe answered that it will
 * not make it: nothing moved); or unknown (no answer, or a server error: it may have been made, so
 * the payout stays claimed and a retry under the same idempotency key finds it).
 */
export type TTransferOutcome =
  | { outcome: 'sent'; transferId: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unknown'; reason: string };

export function stripeAccountStateOf(account: Stripe.Account): TStripeAccountState {
  return {
    detailsSubmitted: account.details_submitted === true,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
  };
}

/** A connected account can take transfers once its details are in and Stripe pays out to its bank. */
export function stripeAccountReady(state: TStripeAccountState) {
  return state.detailsSubmitted && state.payoutsEnabled;
}

/** Refusals Stripe gives before moving anything: a bad request, a missing permission, a bad key. */
function isRefusal(error: unknown) {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripeCardError
  );
}

export function createStripeConnect(config: TConfig['stripe']): TStripeConnect | null {
  if (!config) return null;
  const stripe = createStripeClient(config);
  return {
    async createAccount(org) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          business_profile: { name: org.name },
          capabilities: { transfers: { requested: true } },
          metadata: { organizationId: org.id },
        },
        { idempotencyKey: `connect-account:${org.id}` },
      );
      return account.id;
    },
    async onboardingLink(accountId, urls) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: urls.return,
        refresh_url: urls.refresh,
      });
      return link.url;
    },
    async retrieve(accountId) {
      return stripeAccountStateOf(await stripe.accounts.retrieve(accountId));
    },
    async transfer(input) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            destination: input.destination,
            transfer_group: input.transferGroup,
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { outcome: 'sent', transferId: transfer.id };
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Stripe did not answer.';
        if (isRefusal(error)) return { outcome: 'refused', reason: `Stripe refused the transfer: ${message}` };
        return { outcome: 'unknown', reason: `Stripe did not confirm the transfer: ${message}` };
      }
    },
    async findTransfer(input) {
      for await (const transfer of stripe.transfers.list({ transfer_group: input.transferGroup, limit: 100 })) {
        if (transfer.metadata?.payoutId === input.payoutId) return transfer.id;
      }
      return null;
    },
    async reverseTransfer(input) {
      try {
        const reversal = await stripe.transfers.createReversal(
          input.transferId,
          { amount: input.amountMinor, description: input.description, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { outcome: 'sent', reversalId: reversal.id };
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Stripe did not answer.';
        if (isRefusal(error)) return { outcome: 'refused', reason: `Stripe refused the transfer reversal: ${message}` };
        return { outcome: 'unknown', reason: `Stripe did not confirm the transfer reversal: ${message}` };
      }
    },
    verify(rawBody, signature) {
      if (!signature) return null;
      const secrets = [
        ...(config.connectWebhookSecret ? [{ secret: config.connectWebhookSecret, connectEndpoint: true }] : []),
        { secret: config.webhookSecret, connectEndpoint: false },
      ];
      for (const { secret, connectEndpoint } of secrets) {
        try {
          return { event: stripe.webhooks.constructEvent(rawBody, signature, secret), connectEndpoint };
        } catch {
          // tried with the next secret
        }
      }
      return null;
    },
  };
}
