/// <reference path="../documents/pdfkit.d.ts" />
import { EARNING_STATUS_LABELS, type TEarnings } from '@spacecapture/shared/contracts/payouts';
import { formatDate, formatMoney } from '@spacecapture/shared/format';
import type PDFDocument from 'pdfkit';
import { BODY_FONT, BOLD_FONT, startPdf } from '../documents/pdf-fonts.ts';

/**
 * A provider's statement as a PDF (decision 213): one line per job (compensation, fee, net,
 * status, expected and paid dates) and the totals per currency. A six-column table, which the
 * two-column document renderer does not lay out, in the same embedded fonts.
 */

const COLUMNS = [
  { label: 'Job', width: 150 },
  { label: 'Status', width: 75 },
  { label: 'Compensation', width: 70, right: true },
  { label: 'Fee', width: 45, right: true },
  { label: 'Expected', width: 75 },
  { label: 'Paid', width: 75 },
] as const;

function cells(doc: PDFDocument, values: readonly string[], bold = false) {
  const top = doc.y;
  let x = doc.page.margins.left;
  let bottom = top;
  doc.font(bold ? BOLD_FONT : BODY_FONT);
  COLUMNS.forEach((column, index) => {
    doc.text(values[index] ?? '', x, top, { width: column.width - 6, align: 'right' in column ? 'right' : 'left' });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  doc.x = doc.page.margins.left;
  doc.y = bottom + 4;
}

function day(value: string | null) {
  return value ? formatDate(value, 'UTC') : '—';
}

export function renderStatementPdf(input: {
  organisation: string;
  earnings: TEarnings;
  generatedAt: Date;
}): Promise<Buffer> {
  const { earnings } = input;
  const { doc, done } = startPdf({
    margin: 48,
    info: { Title: `Statement — ${input.organisation}`, CreationDate: input.generatedAt },
  });

  const period =
    earnings.range.from || earnings.range.to
      ? `${earnings.range.from ?? 'the start'} to ${earnings.range.to ?? 'today'}`
      : 'all jobs';
  doc.font(BOLD_FONT).fontSize(16).text('Statement of earnings');
  doc.font(BODY_FONT).fontSize(10).text(input.organisation);
  doc.text(`Period: ${period} (UTC)`);
  doc.text(`Generated: ${formatDate(input.generatedAt, 'UTC')}`);
  doc.moveDown();

  doc.fontSize(9);
  cells(
    doc,
    COLUMNS.map((column) => column.label),
    true,
  );
  for (const item of earnings.items) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    cells(doc, [
      item.orderTitle,
      EARNING_STATUS_LABELS[item.status],
      formatMoney(item.compensation, item.currency),
      formatMoney(item.fee, item.currency),
      day(item.expectedBy),
      day(item.paidAt),
    ]);
  }
  if (earnings.items.length === 0) doc.font(BODY_FONT).text('No jobs in this period.');

  doc.moveDown();
  doc.x = doc.page.margins.left;
  doc.font(BOLD_FONT).fontSize(11).text('Totals');
  doc.font(BODY_FONT).fontSize(10);
  for (const total of earnings.totals) {
    const money = (amount: number) => formatMoney(amount, total.currency);
    doc.text(
      `${total.currency}: compensation ${money(total.compensation)} · fees ${money(total.fees)} · paid ${money(total.paid)} · payable ${money(total.payable)} · pending approval ${money(total.pendingApproval)}`,
    );
  }
  doc.end();
  return done;
}
