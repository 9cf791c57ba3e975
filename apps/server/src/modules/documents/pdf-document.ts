import { BODY_FONT, BOLD_FONT, startPdf } from './pdf-fonts.ts';

/**
 * A business document as a PDF (decision 210): a title and reference block, the parties side by
 * side, a table of rows with amounts, totals, and free paragraphs (payment instructions, notes).
 * Invoices use it today and provider statements will: they describe what to print, this lays it
 * out. Text is set in the embedded fonts of `pdf-fonts.ts`; every string is given as text, never as markup, so nothing a customer typed can change the layout.
 */

export type TDocumentParty = { heading: string; lines: readonly string[] };

export type TDocumentSpec = {
  /** The document's title in the PDF's metadata and at its top ("Invoice INV-000042"). */
  title: string;
  author: string;
  /** Label and value pairs under the title: number, dates, reference. */
  facts: readonly (readonly [string, string])[];
  parties: readonly TDocumentParty[];
  table: {
    columns: readonly [string, string];
    rows: readonly (readonly [string, string])[];
  };
  /** Totals under the table, the last one in bold (the amount due). */
  totals: readonly (readonly [string, string])[];
  /** Paragraphs after the totals, each with a heading. */
  sections: readonly { heading: string; lines: readonly string[] }[];
};

const MARGIN = 50;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';

/** Renders the document to a PDF's bytes. */
export function renderDocument(spec: TDocumentSpec, createdAt: Date): Promise<Buffer> {
  const { doc, done } = startPdf({
    margin: MARGIN,
    info: { Title: spec.title, Author: spec.author, CreationDate: createdAt },
  });
  const width = doc.page.width - MARGIN * 2;
  const bottom = doc.page.height - MARGIN;
  /** Starts a new page when the next block would not fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom) doc.addPage();
  };

  doc.font(BOLD_FONT).fontSize(20).fillColor(INK).text(spec.title, MARGIN, MARGIN, { width });
  doc.moveDown(0.5);
  doc.fontSize(10);
  for (const [label, value] of spec.facts) {
    doc.font(BOLD_FONT).text(`${label}: `, { continued: true });
    doc.font(BODY_FONT).text(value);
  }
  doc.moveDown(1);

  // The parties side by side, each in its own column.
  const partyTop = doc.y;
  const columnWidth = width / Math.max(1, spec.parties.length);
  let partyBottom = partyTop;
  spec.parties.forEach((party, index) => {
    const x = MARGIN + index * columnWidth;
    doc
      .font(BOLD_FONT)
      .fontSize(10)
      .fillColor(MUTED)
      .text(party.heading, x, partyTop, { width: columnWidth - 10 });
    doc.font(BODY_FONT).fillColor(INK);
    for (const line of party.lines) doc.text(line, x, doc.y, { width: columnWidth - 10 });
    partyBottom = Math.max(partyBottom, doc.y);
  });
  doc.y = partyBottom + 20;

  // The table: a description column and a right-aligned amount column.
  const amountWidth = 120;
  const labelWidth = width - amountWidth;
  const rule = () => {
    doc
      .strokeColor('#ced4da')
      .lineWidth(0.5)
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .stroke();
    doc.y += 4;
  };
  const row = (cells: readonly [string, string], font: string) => {
    doc.font(font).fontSize(10);
    const height = Math.max(doc.heightOfString(cells[0], { width: labelWidth - 10 }), 12);
    room(height + 4);
    const top = doc.y;
    doc.text(cells[0], MARGIN, top, { width: labelWidth - 10 });
    doc.text(cells[1], MARGIN + labelWidth, top, { width: amountWidth, align: 'right' });
    doc.y = top + height + 4;
  };
  row(spec.table.columns, BOLD_FONT);
  rule();
  for (const cells of spec.table.rows) row(cells, BODY_FONT);
  rule();
  spec.totals.forEach((cells, index) => {
    row(cells, index === spec.totals.length - 1 ? BOLD_FONT : BODY_FONT);
  });
  doc.moveDown(1.5);

  for (const section of spec.sections) {
    room(40);
    doc.font(BOLD_FONT).fontSize(11).fillColor(INK).text(section.heading, MARGIN, doc.y, { width });
    doc.font(BODY_FONT).fontSize(10);
    for (const line of section.lines) doc.text(line, MARGIN, doc.y, { width });
    doc.moveDown(1);
  }
  doc.end();
  return done;
}
