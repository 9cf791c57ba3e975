const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML: every value a visitor typed goes through here before reaching an e-mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export type TSummaryRow = readonly [label: string, value: string | null | undefined];

/** A small, e-mail-client-safe HTML summary: a heading, an intro line and a two-column table. */
export function renderSummaryEmail(heading: string, intro: string, rows: readonly TSummaryRow[]) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  const tableRows = shown
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(String(value))}</td></tr>`,
    )
    .join('');
  const html =
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1a1b1e">` +
    `<h2 style="margin:0 0 8px">${escapeHtml(heading)}</h2><p>${escapeHtml(intro)}</p>` +
    `<table cellspacing="0" cellpadding="0">${tableRows}</table></div>`;
  const text = [heading, '', intro, '', ...shown.map(([label, value]) => `${label}: ${value}`)].join('\n');
  return { html, text };
}
