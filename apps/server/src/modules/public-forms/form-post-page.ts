import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { PATHS, PRODUCT_NAME } from '@spacecapture/shared/paths';
import { escapeHtml } from '../../lib/html.ts';
import type { TFormPost } from './form-post.ts';

/**
 * The pages that answer a plain HTML form post (decision 068): one small self-contained document
 * (no script, styles inline, which the CSP allows) in the site's colours, with the success panel's
 * words, or the list of what to fix and a way back to the form.
 */

type TLink = { href: string; label: string };

type TPage = {
  title: string;
  message: string;
  /** Field label and message, in the form's order. */
  problems?: readonly (readonly [label: string, message: string])[];
  links: readonly TLink[];
};

const STYLES = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  font-size: 16px; line-height: 1.6; color: #0f172a; background: #f8fafc; }
header { background: #fff; border-bottom: 1px solid #e2e8f0; padding: 16px 20px; }
header a { color: #312e81; font-weight: 700; font-size: 20px; text-decoration: none; }
main { max-width: 640px; margin: 48px auto; padding: 40px 32px; background: #fff; border: 1px solid #e2e8f0;
  border-radius: 16px; box-shadow: 0 1px 2px rgb(15 23 42 / 6%), 0 1px 3px rgb(15 23 42 / 8%); }
h1 { margin: 0 0 12px; font-size: 28px; line-height: 1.2; color: #1e1b4b; }
h2 { margin: 24px 0 8px; font-size: 18px; }
p { margin: 0 0 12px; color: #475569; font-size: 18px; }
ul { margin: 0 0 16px; padding-left: 20px; }
li { margin: 4px 0; }
li strong { color: #b91c1c; }
nav { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 24px; }
nav a { display: inline-block; padding: 10px 20px; border-radius: 10px; background: #4338ca; color: #fff;
  font-weight: 600; text-decoration: none; }
nav a + a { background: #eef2ff; color: #312e81; }
a:focus-visible { outline: 3px solid #5eead4; outline-offset: 2px; }
@media (max-width: 680px) { main { margin: 0; border-radius: 0; border-width: 0 0 1px; padding: 32px 20px; } }
`;

function renderPage(page: TPage): string {
  const problems = page.problems?.length
    ? `<h2 id="what-to-fix">What to fix</h2><ul aria-labelledby="what-to-fix">${page.problems
        .map(([label, message]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(message)}</li>`)
        .join('')}</ul>`
    : '';
  const links = page.links.map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | ${PRODUCT_NAME}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${STYLES}</style>
</head>
<body>
<header><a href="${PATHS.home}">${PRODUCT_NAME}</a></header>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message)}</p>
${problems}
<nav aria-label="Next steps">${links}</nav>
</main>
</body>
</html>
`;
}

/** The success panel of the form, as a page. */
export function renderSuccessPage(form: TFormPost): string {
  const { success, page } = FORM_POSTS[form.name];
  const links: TLink[] =
    form.name === 'contactMessage'
      ? [
          { href: page, label: 'Send Another Message' },
          { href: PATHS.home, label: 'Return Home' },
        ]
      : [{ href: PATHS.home, label: 'Return Home' }];
  return renderPage({ title: success.title, message: success.message, links });
}

/** Field problems in the form's order: the field's name, the label the visitor saw and the message. */
export function labelledProblems(form: TFormPost, problems: Record<string, string>) {
  const order = Object.keys(form.labels);
  // A row's field ("preferredWindows.1.date") is labelled as its list's part, with the row's number.
  const labelKey = (field: string) => field.replace(/\.\d+\./, '.');
  const labelOf = (field: string) => {
    const row = /\.(\d+)\./.exec(field)?.[1];
    const label = form.labels[labelKey(field)] ?? field;
    return row === undefined ? label : `${label} (${Number(row) + 1})`;
  };
  const rank = (field: string) => (order.includes(labelKey(field)) ? order.indexOf(labelKey(field)) : order.length);
  return Object.entries(problems)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, message]) => [field, labelOf(field), message] as const);
}

function labelled(form: TFormPost, problems: Record<string, string>) {
  return labelledProblems(form, problems).map(([, label, message]) => [label, message] as const);
}

/**
 * What to fix, field by field. The browser's Back button returns to the form with what was typed;
 * the link opens it afresh.
 */
export function renderProblemsPage(form: TFormPost, problems: Record<string, string>): string {
  return renderPage({
    title: form.problemsTitle,
    message:
      "Some fields need a change before we can accept this. Use your browser's Back button to return to the form " +
      'with your entries, then correct the fields below.',
    problems: labelled(form, problems),
    links: [{ href: FORM_POSTS[form.name].page, label: 'Back to the form' }],
  });
}

/** A post refused before it was read (too many, too large, from another site, a server fault). */
export function renderRefusedPage(form: TFormPost | undefined, message: string, problems?: Record<string, string>) {
  return renderPage({
    title: 'Your form was not sent',
    message,
    ...(form && problems ? { problems: labelled(form, problems) } : {}),
    links: [{ href: form ? FORM_POSTS[form.name].page : PATHS.home, label: form ? 'Back to the form' : 'Return Home' }],
  });
}
