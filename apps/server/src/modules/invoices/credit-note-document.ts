import type { TEmailAttachment } from '@spacecapture/db/schema';
import { formatDate, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import type { TSummaryRow } from '../../lib/html.ts';
import { renderDocument, type TDocumentSpec } from '../documents/pdf-document.ts';
import type { TOutgoingEmail } from '../outbox/outbox-repository.ts';
import { summaryEmailsTo } from '../outbox/summary-emails.ts';
import { percentOf } from './invoice-amounts.ts';
import { moneyOf, partyLines, REVERSE_CHARGE_NOTE } from './invoice-document.ts';
import type { TCreditNoteRow, TInvoiceRow } from './invoices-repository.ts';

/**
 * A credit note's PDF and e-mail (decision 215): drawn by the same document renderer as the invoice
 * it credits, with the same seller and buyer as that invoice, its lines and tax lines as credited
 * (positive amounts, printed as credits), the invoice's number, the reason and how the money goes back.
 */

const METHOD_WORDS = {
  card: 'to the card that paid',
  bank_transfer: 'by bank transfer to the account that paid',
} as const;

function howRefunded(note: TCreditNoteRow) {
  return note.allocations.map((part) => `${moneyOf(part.amountMinor, note.currency)} ${METHOD_WORDS[part.method]}.`);
}

export function creditNoteDocument(
  note: TCreditNoteRow & { number: string },
  invoice: Pick<TInvoiceRow, 'number' | 'reverseCharge'>,
  orderTitle: string,
): TDocumentSpec {
  const credit = (minor: number) => `-${moneyOf(minor, note.currency)}`;
  const issuedAt = note.issuedAt ?? note.createdAt;
  return {
    title: `Credit note ${note.number}`,
    author: note.seller.legalName,
    facts: [
      ['Credit note number', note.number],
      ['Issued', formatDate(issuedAt, SERVER_TIME_ZONE)],
      ['Credits invoice', invoice.number],
      ['Order', orderTitle],
    ],
    parties: [
      { heading: 'From', lines: partyLines(note.seller) },
      { heading: 'Credit to', lines: partyLines(note.buyer) },
    ],
    table: {
      columns: ['Description', `Amount (${note.currency})`],
      rows: note.lines.map((line) => [line.label, credit(line.amountMinor)] as const),
    },
    totals: [
      ['Subtotal', credit(note.subtotalMinor)],
      ...note.taxLines.map(
        (line) => [`${line.label} ${percentOf(line.rateBasisPoints)}`, credit(line.amountMinor)] as const,
      ),
      ['Total credited', credit(note.totalMinor)],
    ],
    sections: [
      { heading: 'Reason', lines: [note.reason] },
      { heading: 'Refund', lines: howRefunded(note) },
      ...(invoice.reverseCharge ? [{ heading: 'Tax', lines: [REVERSE_CHARGE_NOTE] }] : []),
    ],
  };
}

export function renderCreditNotePdf(
  note: TCreditNoteRow & { number: string },
  invoice: Pick<TInvoiceRow, 'number' | 'reverseCharge'>,
  orderTitle: string,
): Promise<Buffer> {
  return renderDocument(creditNoteDocument(note, invoice, orderTitle), note.issuedAt ?? note.createdAt);
}

export function creditNoteFileName(note: { number: string }) {
  return `${note.number}.pdf`;
}

/** The issued credit note, with its PDF, to the customer's people and a copy to the company. */
export function creditNoteEmails(input: {
  note: TCreditNoteRow & { number: string };
  invoice: Pick<TInvoiceRow, 'number'>;
  orderTitle: string;
  recipients: readonly string[];
  link: string;
  attachment: TEmailAttachment;
}): TOutgoingEmail[] {
  const { note } = input;
  const rows: TSummaryRow[] = [
    ['Credit note', note.number],
    ['Invoice', input.invoice.number],
    ['Order', input.orderTitle],
    ['Refunded', moneyOf(note.totalMinor, note.currency)],
    ['Reason', note.reason],
    ['View and download', input.link],
  ];
  const subject = `Credit note ${note.number} for invoice ${input.invoice.number}`;
  const intro = `We have refunded ${moneyOf(note.totalMinor, note.currency)} of invoice ${input.invoice.number}. The credit note is attached.`;
  return summaryEmailsTo(input.recipients, subject, intro, rows).map((email) => ({
    ...email,
    attachments: [input.attachment],
  }));
}
