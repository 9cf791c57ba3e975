import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { measureInitialJs, type TInitialJs } from './lib/initial-js.ts';
import { round, runBench, type TFigure } from './lib/report.ts';

/**
 * The landing page's initial JavaScript against a plain Vite React template built in the same run
 * with the same Vite, so the ratio does not drift with tool versions.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIST = path.join(root, 'apps/web/dist');
const TEMPLATE = path.join(root, 'bench/fixtures/vite-react-template');
const RATIO_GOAL = 1.3;
const RATIO_LIMIT = 1.5;

const kB = (bytes: number) => round(bytes / 1000);

async function measureTemplate(): Promise<TInitialJs> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-vite-template-'));
  try {
    await build({
      root: TEMPLATE,
      configFile: path.join(TEMPLATE, 'vite.config.ts'),
      cacheDir: path.join(outDir, '.vite-cache'),
      logLevel: 'warn',
      build: { outDir: path.join(outDir, 'dist'), emptyOutDir: true },
    });
    return measureInitialJs(path.join(outDir, 'dist'));
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

function listFiles(measured: TInitialJs): string {
  return measured.files.map((file) => `  ${file.file}  ${kB(file.gzipBytes)} kB gz (${kB(file.bytes)} kB)`).join('\n');
}

await runBench(async () => {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(
      'apps/web/dist/index.html not found: the web app is not built (run `npm run bench` without --no-build, ' +
        'or `npm run build -w @spacecapture/web`, and fix its build if it fails).',
    );
  }
  const landing = measureInitialJs(WEB_DIST, 'index.html');
  const template = await measureTemplate();
  const ratio = round(landing.gzipBytes / template.gzipBytes, 2);
  console.info(`landing page (/) initial JS:\n${listFiles(landing)}`);
  console.info(`Vite React template initial JS:\n${listFiles(template)}`);

  const figures: TFigure[] = [
    { name: 'landing page initial JS (gzip)', value: kB(landing.gzipBytes), unit: 'kB' },
    { name: 'Vite React template JS (gzip)', value: kB(template.gzipBytes), unit: 'kB' },
    {
      name: 'landing / template',
      value: ratio,
      unit: '×',
      goal: `≤ ${RATIO_GOAL}× (limit ${RATIO_LIMIT}×)`,
      status: ratio <= RATIO_GOAL ? 'ok' : ratio <= RATIO_LIMIT ? 'MISSED' : 'MISSED (limit)',
    },
    { name: 'landing page initial JS files', value: landing.files.length },
  ];
  return {
    bench: 'bundle-size',
    title: 'Landing page initial JavaScript',
    figures,
    notes: [],
    details: { landing, template, ratio, goal: RATIO_GOAL, limit: RATIO_LIMIT },
  };
});
