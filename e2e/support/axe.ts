import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core tags them. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let source: Promise<string> | undefined;

/** axe-core's own bundle, read once per worker. */
function axeSource() {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/**
 * Each WCAG 2.2 A/AA violation axe-core finds on the page as it is now, one line per rule and
 * element: rule, what it asks, the element and why it fails. axe is evaluated through the
 * browser's debugging protocol, which the app's strict CSP (no inline scripts) does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(await axeSource());
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_AA_TAGS,
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.help}): ${node.target.join(' ')} ${node.html.slice(0, 160)} | ${(
          node.failureSummary ?? ''
        ).replaceAll('\n', ' ')}`,
    ),
  );
}
