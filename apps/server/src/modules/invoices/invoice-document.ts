import type { TInvoiceParty } from '@spacecapture/db/invoices-schema';
import { formatDate, formatMoney, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import { fromMinorUnits } from '@spacecapture/shared/money';
import { renderDocument, type TDocumentSpec } from '../documents/pdf-document.ts';
import type { TPaymentInstructions } from '../payments/payments-port.ts';
import { percentOf } from './invoice-amounts.ts';
import type { TInvoiceRow } from './invoices-repository.ts';

/** Minor units in the invoice's currency, as people read them. */
export function moneyOf(minor: number, currency: string) {
  return formatMoney(fromMinorUnits(minor, currency), currency);
}

export function partyLines(party: TInvoiceParty) {
  return [
    party.legalName,
    ...party.address.split(/\r?\n/).filter((line) => line.trim() !== ''),
    ...(party.country ? [party.country] : []),
    ...(party.taxId ? [`Tax ID: ${party.taxId}`] : []),
  ];
}

export const REVERSE_CHARGE_NOTE = 'Reverse charge: the buyer accounts for the tax on this supply.';

/** What the invoice's PDF shows: number and dates, seller and buyer, lines, tax, totals, how to pay. */
export function invoiceDocument(
  invoice: TInvoiceRow,
  orderTitle: string,
  instructions: TPaymentInstructions | null,
): TDocumentSpec {
  const money = (minor: number) => moneyOf(minor, invoice.currency);
  return {
    title: `Invoice ${invoice.number}`,
    author: invoice.seller.legalName,
    facts: [
      ['Invoice number', invoice.number],
      ['Issued', formatDate(invoice.issuedAt, SERVER_TIME_ZONE)],
      ['Due', formatDate(invoice.dueAt, SERVER_TIME_ZONE)],
      [invoice.period ? 'Covers' : 'Order', orderTitle],
      ...(invoice.status === 'void' ? [['Status', 'Void'] as const] : []),
    ],
    parties: [
      { heading: 'From', lines: partyLines(invoice.seller) },
      { heading: 'Bill to', lines: partyLines(invoice.buyer) },
    ],
    table: {
      columns: ['Description', `Amount (${invoice.currency})`],
      rows: invoice.lines.map((line) => [line.label, money(line.amountMinor)] as const),
    },
    totals: [
      ['Subtotal', money(invoice.subtotalMinor)],
      ...invoice.taxLines.map(
        (line) => [`${line.label} ${percentOf(line.rateBasisPoints)}`, money(line.amountMinor)] as const,
      ),
      ...(invoice.paidMinor > 0 ? [['Paid', money(invoice.paidMinor)] as const] : []),
      ['Total due', money(invoice.totalMinor - invoice.paidMinor)],
    ],
    sections: [
      {
        heading: 'How to pay',
        lines: instructions
          ? [...instructions.lines, `Please pay by ${formatDate(invoice.dueAt, SERVER_TIME_ZONE)}.`]
          : [`Please contact us to arrange payment by ${formatDate(invoice.dueAt, SERVER_TIME_ZONE)}.`],
      },
      ...(invoice.reverseCharge ? [{ heading: 'Tax', lines: [REVERSE_CHARGE_NOTE] }] : []),
    ],
  };
}

export function renderInvoicePdf(
  invoice: TInvoiceRow,
  orderTitle: string,
  instructions: TPaymentInstructions | null,
): Promise<Buffer> {
  return renderDocument(invoiceDocument(invoice, orderTitle, instructions), invoice.issuedAt);
}

/** The attachment's file name. */
export function invoiceFileName(invoice: Pick<TInvoiceRow, 'number'>) {
  return `${invoice.number}.pdf`;
}
