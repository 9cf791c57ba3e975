import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_PAGE_PATHS } from '@spacecapture/shared/paths';
import { launch } from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { HEADLESS_CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { startBuiltServer } from './lib/built-server.ts';
import { goal, runBench, type TFigure } from './lib/report.ts';

/**
 * Lighthouse with its default config (mobile: emulated phone, simulated slow 4G and 4× CPU
 * slowdown) on every public page of the built app (the prerendered ones), served by the built server.
 * Each page runs BENCH_LIGHTHOUSE_RUNS times; the median performance score counts, the range is shown.
 */

// BENCH_LIGHTHOUSE_PAGES (comma-separated paths) narrows the run to some of them.
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const PAGES = [...PUBLIC_PAGE_PATHS].filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page));
/** Issue 13: /request (the page behind most ads) ≥ 95, every other public page ≥ 98. */
const performanceGoal = (page: string) => (page === '/request' ? 95 : 98);
const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_LIGHTHOUSE_RUNS ?? '', 10) || 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags the browser tests use; --headless=new in place of a plain --headless (same mode on Chromium 132+).
const CHROME_FLAGS = ['--headless=new', ...HEADLESS_CHROMIUM_ARGS];
const CATEGORIES = [
  { id: 'performance', goal: 0 },
  { id: 'accessibility', goal: 100 },
  { id: 'best-practices', goal: 100 },
  { id: 'seo', goal: 100 },
] as const;
/** Lighthouse's own pass mark for scored audits that are not pass/fail. */
const PASS_SCORE = 0.9;

type TFailingAudit = { id: string; title: string; score: number | null; displayValue?: string; items?: string[] };
type TPageRun = { scores: Record<string, number | null>; failing: Record<string, TFailingAudit[]>; lhr: Result };

function scoreOf(lhr: Result, category: string): number | null {
  const score = lhr.categories[category]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
}

/** One item of an audit's details in a few words: an element, a URL, a console message. */
function describeItem(item: Record<string, unknown>): string | undefined {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  if (node?.selector || node?.snippet) return node.selector ?? node.snippet;
  const source = item.source as { url?: string; line?: number } | string | undefined;
  const sourceLocation = (typeof source === 'object' ? source : item.sourceLocation) as { url?: string } | undefined;
  const location = sourceLocation?.url;
  const parts = [
    typeof source === 'string' ? `${source}:` : undefined,
    typeof item.issueType === 'string' ? item.issueType : undefined,
    typeof item.description === 'string' ? item.description.slice(0, 160) : undefined,
    typeof item.url === 'string' ? item.url : location,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** Where a failing audit points (its first few items), for whoever fixes it. */
function itemsOf(details: unknown, limit = 3): string[] | undefined {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (found.length >= limit || !value || typeof value !== 'object') return;
    const { items, value: nested } = value as { items?: unknown; value?: unknown };
    if (Array.isArray(items)) {
      for (const item of items) {
        if (found.length >= limit) break;
        // Some insights nest tables and lists inside their items.
        if (item && typeof item === 'object' && 'type' in item) visit(item);
        else {
          const described = describeItem(item as Record<string, unknown>);
          if (described) found.push(described);
        }
      }
    } else if (nested) visit(nested);
  };
  visit(details);
  return found.length > 0 ? found : undefined;
}

/** The audits that keep a category below 100. */
function failingAudits(lhr: Result, category: string): TFailingAudit[] {
  const failing: TFailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
    const passMark = audit.scoreDisplayMode === 'binary' ? 1 : PASS_SCORE;
    if (audit.scoreDisplayMode !== 'error' && audit.score !== null && audit.score >= passMark) continue;
    const items = itemsOf(audit.details);
    failing.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...(audit.errorMessage ? { displayValue: `error: ${audit.errorMessage}` } : {}),
      ...(items ? { items } : {}),
    });
  }
  return failing;
}

async function auditOnce(url: string): Promise<TPageRun> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    const scores: Record<string, number | null> = {};
    const failing: Record<string, TFailingAudit[]> = {};
    for (const { id } of CATEGORIES) {
      scores[id] = scoreOf(lhr, id);
      if (scores[id] !== 100) failing[id] = failingAudits(lhr, id);
    }
    return { scores, failing, lhr };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, …) and asks to run again: so do we. */
async function auditWithRetries(url: string, notes: string[], attempts = 3): Promise<TPageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`lighthouse: attempt ${attempt} failed, retrying: ${reason}`);
      notes.push(`retried after: ${reason}`);
    }
  }
}

function describeFailing(audit: TFailingAudit): string {
  const value = audit.displayValue ? ` (${audit.displayValue})` : '';
  const where = audit.items ? ` — ${audit.items.join('; ')}` : '';
  return `${audit.title} [${audit.id}]${value}${where}`;
}

await runBench(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const server = await startBuiltServer();
  const figures: TFigure[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = { runs: RUNS, chromium: CHROMIUM, flags: CHROME_FLAGS };
  try {
    for (const page of PAGES) {
      const runs: TPageRun[] = [];
      for (let run = 1; run <= RUNS; run++) {
        console.info(`lighthouse: ${page} run ${run}/${RUNS}...`);
        runs.push(await auditWithRetries(`${server.baseUrl}${page}`, notes));
      }
      // The run with the median performance score stands for the page; all scores go in the details.
      const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      for (const category of CATEGORIES) {
        const score = median.scores[category.id] ?? null;
        const target = category.id === 'performance' ? performanceGoal(page) : category.goal;
        const all = runs.map((run) => run.scores[category.id] ?? 0);
        const range = RUNS > 1 ? ` (runs ${Math.min(...all)}–${Math.max(...all)})` : '';
        figures.push({
          name: `${page} ${category.id}${range}`,
          value: score,
          goal: target === 100 ? '100' : `≥ ${target}`,
          status: goal(score !== null && score >= target),
        });
        for (const audit of median.failing[category.id] ?? [])
          notes.push(`${page} ${category.id}: ${describeFailing(audit)}`);
      }
      const metrics: Record<string, string | number | null> = Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, median.lhr.audits[id]?.displayValue ?? null]),
      );
      const transferredKb = (type: string) => {
        const items = (median.lhr.audits['resource-summary']?.details as { items?: Array<Record<string, unknown>> })
          ?.items;
        const item = items?.find((entry) => entry.resourceType === type);
        return typeof item?.transferSize === 'number' ? Math.round(item.transferSize / 100) / 10 : null;
      };
      metrics['script transferred (kB)'] = transferredKb('script');
      metrics['stylesheet transferred (kB)'] = transferredKb('stylesheet');
      metrics['document transferred (kB)'] = transferredKb('document');
      notes.push(
        `${page} (median run): LCP ${metrics['largest-contentful-paint']}, TBT ${metrics['total-blocking-time']}, ` +
          `JS ${metrics['script transferred (kB)']} kB, CSS ${metrics['stylesheet transferred (kB)']} kB, ` +
          `HTML ${metrics['document transferred (kB)']} kB transferred`,
      );
      details[page] = {
        scores: median.scores,
        allRuns: runs.map((run) => run.scores),
        metrics,
        failing: median.failing,
      };
      const resultsDir = process.env.BENCH_RESULTS_DIR;
      if (resultsDir) {
        const slug = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
        const file = path.join(resultsDir, `${process.env.BENCH_RUN_ID ?? 'run'}-lighthouse-${slug}.html`);
        writeFileSync(file, generateReport(median.lhr, 'html'));
        notes.push(`${page}: full report in ${path.relative(process.cwd(), file)}`);
      }
    }
  } finally {
    await server.stop();
  }
  return { bench: 'lighthouse', title: 'Lighthouse (mobile)', figures, notes, details };
});
