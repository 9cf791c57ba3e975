import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderDocument } from './pdf-document.ts';

describe('the document renderer', () => {
  it('writes a PDF that parses and holds the title, facts, parties, rows, totals and sections', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => [`Line ${index + 1}`, `£${index + 1}.00`] as const);
    const bytes = await renderDocument(
      {
        title: 'Statement ST-7',
        author: 'Capture Ltd',
        facts: [['Period', 'November 2026']],
        parties: [
          { heading: 'From', lines: ['Capture Ltd', '1 Dock Road'] },
          { heading: 'To', lines: ['Survey & Sons', 'Tax ID: GB123'] },
        ],
        table: { columns: ['Description', 'Amount'], rows },
        totals: [['Total', '£3,240.00']],
        sections: [{ heading: 'Notes', lines: ['Paid within 14 days.'] }],
      },
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    // Eighty rows do not fit on one A4 page: the table runs on.
    expect(pages).toBeGreaterThan(1);
    for (const expected of [
      'Statement ST-7',
      'November 2026',
      'Survey & Sons',
      'Tax ID: GB123',
      'Line 80',
      '£3,240.00',
      'Paid within 14 days.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints Greek, Cyrillic and accented names as typed, not as missing glyphs', async () => {
    const buyer = 'ООО «Северный Скан»';
    const bytes = await renderDocument(
      {
        title: 'Invoice INV-000009',
        author: 'Capture Ltd',
        facts: [['Reference', 'Ωμέγα-42']],
        parties: [
          { heading: 'From', lines: ['Capture Ltd'] },
          { heading: 'To', lines: [buyer, 'Łódź, Żeromskiego 7'] },
        ],
        table: { columns: ['Description', 'Amount'], rows: [['Σάρωση 3D — Ιθάκη', '€1.200,00']] },
        totals: [['Σύνολο', '€1.200,00']],
        sections: [],
      },
      new Date('2026-12-01T00:00:00Z'),
    );
    const { text } = await pdfText(bytes);
    for (const expected of [buyer, 'Łódź, Żeromskiego 7', 'Ωμέγα-42', 'Σάρωση 3D — Ιθάκη', 'Σύνολο']) {
      expect(text).toContain(expected);
    }
  });
});
