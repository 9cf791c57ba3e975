/** A legal document as data: sections of paragraphs and bullet lists. */
export type TLegalBlock = string | { list: readonly string[] };
type TLegalSection = { id: string; title: string; blocks: readonly TLegalBlock[] };
export type TLegalDocument = {
  title: string;
  lastUpdated: string;
  intro: readonly string[];
  sections: readonly TLegalSection[];
};

export const LEGAL_LAST_UPDATED = 'November 1, 2026';
