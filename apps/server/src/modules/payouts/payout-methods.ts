import type { TPayoutMethod } from '@spacecapture/shared/contracts/payouts';
import type { TStripeConnect } from './stripe-connect.ts';

/**
 * The port through which a payout moves money (decisions 213, 228). A run asks the method of its
 * choice to settle each transfer and records what it answers. A bank transfer moves nothing itself:
 * the admin made it at the bank and the adapter records its reference. A Stripe transfer sends the
 * money to the provider's connected account, keyed by the payout's id, and answers Stripe's
 * transfer id; being remote, it runs outside the database transaction.
 */
export type TPayoutInstruction = {
  payoutId: string;
  runId: string;
  providerOrgId: string;
  /** The provider's Stripe connected account (a Stripe transfer's destination). */
  destination: string | null;
  currency: string;
  amountMinor: number;
  /** What the admin entered: the bank transfer's reference (none for a Stripe transfer). */
  reference: string | null;
  /** The orders the payout pays, for the processor's description. */
  orderIds: readonly string[];
  /**
   * A payout sent before (a resume): look for the transfer it made first, since Stripe keeps an
   * idempotency key for 24 hours only (decision 243).
   */
  resumed?: boolean;
};

/** Paid with its reference; failed (nothing moved, the payables go back to due); or pending (unknown). */
export type TSettlement =
  | { status: 'paid'; reference: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending'; reason: string };

export type TPayoutMethodAdapter = {
  method: TPayoutMethod;
  /** Whether it reaches another system (it must then run outside the database transaction). */
  remote: boolean;
  settle(instruction: TPayoutInstruction): Promise<TSettlement>;
};

/** A bank transfer the admin already made: recorded with its reference, nothing sent. */
export const bankTransferMethod: TPayoutMethodAdapter = {
  method: 'bank_transfer',
  remote: false,
  settle: async (instruction) => ({ status: 'paid', reference: instruction.reference ?? '' }),
};

/**
 * A Stripe transfer to the provider's connected account, from the platform's balance (separate
 * charges and transfers, decision 228): the payout's id is the idempotency key, so a replay of the
 * same payout finds the transfer Stripe already made; the run's id is the transfer group.
 */
export function stripeTransferMethod(connect: TStripeConnect): TPayoutMethodAdapter {
  return {
    method: 'stripe_transfer',
    remote: true,
    async settle(instruction) {
      if (!instruction.destination) {
        return { status: 'failed', reason: 'The provider has no Stripe connected account.' };
      }
      const transferGroup = `payout-run:${instruction.runId}`;
      if (instruction.resumed) {
        try {
          const made = await connect.findTransfer({ transferGroup, payoutId: instruction.payoutId });
          if (made) return { status: 'paid', reference: made };
        } catch (error) {
          const message = error instanceof Error ? error.message : 'Stripe did not answer.';
          return { status: 'pending', reason: `Stripe did not answer: ${message}` };
        }
      }
      const sent = await connect.transfer({
        amountMinor: instruction.amountMinor,
        currency: instruction.currency,
        destination: instruction.destination,
        transferGroup,
        idempotencyKey: `payout:${instruction.payoutId}`,
        metadata: { payoutId: instruction.payoutId, providerOrgId: instruction.providerOrgId },
        description: `Payout for ${instruction.orderIds.length} job${instruction.orderIds.length === 1 ? '' : 's'}`,
      });
      if (sent.outcome === 'sent') return { status: 'paid', reference: sent.transferId };
      return { status: sent.outcome === 'refused' ? 'failed' : 'pending', reason: sent.reason };
    },
  };
}

/** The methods a run may use: a Stripe transfer only when Stripe is set up. */
export function payoutMethodAdapters(
  connect: TStripeConnect | null,
): Partial<Record<TPayoutMethod, TPayoutMethodAdapter>> {
  return {
    bank_transfer: bankTransferMethod,
    ...(connect ? { stripe_transfer: stripeTransferMethod(connect) } : {}),
  };
}
