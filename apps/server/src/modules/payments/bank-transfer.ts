import type { TBankDetails } from '@spacecapture/db/invoices-schema';
import type { TConfirmedPayment, TPayableInvoice, TPaymentsAdapter } from './payments-port.ts';

/**
 * Bank transfer (decision 212): the customer transfers the amount to the company's account quoting
 * the invoice number; an admin who sees it arrive records it. Without bank details in the company
 * settings there is nothing to tell the customer, and the invoice says to contact the company.
 */
export function createBankTransferAdapter(bank: TBankDetails | null): TPaymentsAdapter {
  return {
    method: 'bank_transfer',
    available: true,
    instructions(invoice: TPayableInvoice) {
      if (!bank) return null;
      return {
        method: 'bank_transfer',
        reference: invoice.number,
        lines: [
          `Pay by bank transfer to ${bank.accountHolder}, ${bank.bankName}.`,
          `IBAN: ${bank.iban}`,
          `BIC: ${bank.bic}`,
          `Reference: ${invoice.number}`,
        ],
      };
    },
  };
}

/** An admin's record of a transfer that arrived, keyed by the request's idempotency key or its own id. */
export function confirmBankTransfer(input: {
  amountMinor: number;
  currency: string;
  reference: string | null;
  receivedOn: string;
  paymentKey: string;
}): TConfirmedPayment {
  return { method: 'bank_transfer', ...input };
}
