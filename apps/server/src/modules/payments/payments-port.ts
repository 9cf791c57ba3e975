/**
 * The payments port (decision 212): what the invoices need of a way to be paid, whatever carries
 * the money. An adapter says how the customer pays an invoice (the instructions it shows) and turns
 * what it learns of a payment (an admin's record of a bank transfer today; a processor's verified
 * event later) into a confirmed payment. The invoices module alone books a confirmed payment into
 * the ledger and moves the invoice, so every adapter is held to the same rules (amount within the
 * open balance, the invoice's currency, once per payment key).
 */

export type TPaymentMethod = 'bank_transfer' | 'card';

/** What the invoice shows under "How to pay": lines of text, the same in the page and the PDF. */
export type TPaymentInstructions = {
  method: TPaymentMethod;
  /** The reference the payer quotes, so the payment can be matched to the invoice. */
  reference: string;
  lines: readonly string[];
};

/** The invoice as an adapter sees it. */
export type TPayableInvoice = {
  id: string;
  number: string;
  currency: string;
  openMinor: number;
};

/** A payment an adapter vouches for, ready to be checked and booked by the invoices module. */
export type TConfirmedPayment = {
  method: TPaymentMethod;
  amountMinor: number;
  currency: string;
  /** One payment books once: a second confirmation with the same key books nothing. */
  paymentKey: string;
  /** The payer's or processor's reference, as shown on a statement. */
  reference: string | null;
  /** The day the money arrived (YYYY-MM-DD). */
  receivedOn: string;
};

export type TPaymentsAdapter = {
  readonly method: TPaymentMethod;
  /** Whether the adapter can be offered (a card adapter needs its keys). */
  readonly available: boolean;
  instructions(invoice: TPayableInvoice): TPaymentInstructions | null;
};
