/// <reference lib="dom" />
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { type TLazOptions, writeLaz } from '../apps/web/src/features/deliverable-viewer/point-cloud/test/laz-writer.ts';
import {
  gridCloud,
  writeLas,
} from '../apps/web/src/features/deliverable-viewer/point-cloud/test/point-cloud-fixtures.ts';
import { PLAYWRIGHT_CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { browserProcesses } from './lib/browser-memory.ts';
import { round, runBench, type TFigure } from './lib/report.ts';

/**
 * The point-cloud viewer on a LAS file of 5 million points, served over HTTP with Range like the
 * app's signed download links: time from navigation to the first points drawn, to every planned
 * point drawn, and the memory of the page (JS heap) and of the whole browser (resident set of
 * every Chromium process, GPU process included: WebGL runs in SwiftShader here, on the CPU).
 * The viewer is built alone with Vite (bench/fixtures/point-cloud-page), as its own chunk, so the
 * bench needs neither the app build nor a database.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const HARNESS = path.join(root, 'bench/fixtures/point-cloud-page');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  ...PLAYWRIGHT_CHROMIUM_ARGS,
  // WebGL without a GPU: ANGLE on SwiftShader (the software rasteriser shipped with Chromium).
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
const POINTS = Number(process.env.BENCH_POINT_CLOUD_POINTS ?? 5_000_000);
/** BENCH_POINT_CLOUD_FORMAT=laz: the same cloud compressed (LASzip chunks of 50,000, decoded by laz-perf). */
const FORMAT: 'las' | 'laz' = process.env.BENCH_POINT_CLOUD_FORMAT === 'laz' ? 'laz' : 'las';
const SIDE = Math.ceil(Math.sqrt(POINTS));
const FIRST_FRAME_GOAL_MS = 3000;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

/** Static files, and the cloud with byte ranges (206), as the app's /api/files/:token answers. */
function serve(distDir: string, cloudPath: string, cloudSize: number) {
  const ranges: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench.local');
    if (url.pathname === '/cloud.las') {
      const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      response.setHeader('Accept-Ranges', 'bytes');
      response.setHeader('Content-Type', 'application/octet-stream');
      if (!match) {
        response.writeHead(200, { 'Content-Length': cloudSize });
        createReadStream(cloudPath).pipe(response);
        return;
      }
      const start = Number(match[1]);
      const end = Math.min(match[2] ? Number(match[2]) : cloudSize - 1, cloudSize - 1);
      ranges.push(`${start}-${end}`);
      response.writeHead(206, {
        'Content-Range': `bytes ${start}-${end}/${cloudSize}`,
        'Content-Length': end - start + 1,
      });
      createReadStream(cloudPath, { start, end }).pipe(response);
      return;
    }
    const file = path.join(distDir, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(distDir)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return { server, ranges };
}

await runBench(async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-bench-point-cloud-'));
  try {
    console.info(
      `Writing a ${FORMAT.toUpperCase()} 1.2 file of ${POINTS.toLocaleString('en')} points (format 2, RGB)…`,
    );
    // Served as /cloud.las either way: the viewer tells LAZ from LAS by the header, not the name.
    const cloudPath = path.join(work, 'cloud.las');
    const cloud: TLazOptions = {
      minor: 2,
      pointFormat: 2,
      count: POINTS,
      point: gridCloud(SIDE, 500, [500_000, 5_400_000, 100]),
      offset: [500_000, 5_400_000, 0],
    };
    await writeFile(cloudPath, FORMAT === 'laz' ? writeLaz(cloud).bytes : writeLas(cloud));
    const cloudSize = (await stat(cloudPath)).size;

    console.info('Building the viewer harness page…');
    const distDir = path.join(work, 'dist');
    await build({
      root: HARNESS,
      configFile: path.join(HARNESS, 'vite.config.ts'),
      cacheDir: path.join(work, '.vite-cache'),
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: true },
    });

    const { server, ranges } = serve(distDir, cloudPath, cloudSize);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const webGl = await page.evaluate(() => {
        const gl = document.createElement('canvas').getContext('webgl2');
        const info = gl?.getExtension('WEBGL_debug_renderer_info');
        return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : gl ? 'webgl2' : null;
      });
      const started = Date.now();
      await page.goto(`http://127.0.0.1:${port}/?file=/cloud.las&name=cloud.las&size=${cloudSize}`);
      const viewer = page.locator('[data-viewer-state]');
      await page.waitForFunction(() => performance.getEntriesByName('point-cloud:first-frame').length > 0, null, {
        timeout: 120_000,
      });
      const atFirstFrame = await page.evaluate(() => ({
        ms: performance.getEntriesByName('point-cloud:first-frame')[0]!.startTime,
        drawn: Number(document.querySelector('[data-viewer-state]')?.getAttribute('data-points-drawn') ?? 0),
      }));
      await viewer.and(page.locator('[data-viewer-state="ready"]')).waitFor({ timeout: 300_000 });
      const readyMs = await page.evaluate(() => performance.getEntriesByName('point-cloud:ready')[0]!.startTime);
      const status = await page.getByText(/^Showing /).textContent();
      const drawn = Number(await viewer.getAttribute('data-points-drawn'));
      // Memory once the load's garbage (fetched bytes, decoded copies) is collected: what the open viewer keeps.
      await cdp.send('HeapProfiler.collectGarbage');
      const metrics = (await cdp.send('Performance.getMetrics')).metrics;
      const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
      const processes = browserProcesses();
      const residentOf = (kind: string) =>
        processes.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.residentBytes, 0);
      const resident = processes.reduce((sum, entry) => sum + entry.residentBytes, 0);
      const fetched = ranges.reduce((sum, range) => {
        const [start, end] = range.split('-').map(Number);
        return sum + (end! - start! + 1);
      }, 0);
      console.info(
        `Status line: ${status}; renderer: ${webGl}; ${ranges.length} range requests; wall ${Date.now() - started} ms`,
      );
      // A click on the middle of the cloud picks a point, reported in the file's coordinates.
      await page.getByRole('img', { name: 'Point cloud cloud.las' }).click();
      const picked = page.getByTestId('picked');
      await page.waitForFunction(() => document.querySelector('[data-testid="picked"]')?.textContent !== '');
      const pin = JSON.parse((await picked.textContent()) ?? '{}') as { x: number; y: number; z: number };
      if (!(pin.x >= 500_000 && pin.x <= 500_500 && pin.y >= 5_400_000 && pin.y <= 5_400_500)) {
        throw new Error(`The picked point ${JSON.stringify(pin)} is outside the cloud.`);
      }
      console.info(`Picked ${JSON.stringify(pin)}`);
      if (errors.length > 0) throw new Error(`The page failed: ${errors.join('; ')}`);
      const MB = 1024 * 1024;
      const figures: TFigure[] = [
        { name: 'points in the file', value: POINTS },
        {
          name: 'points drawn per second (first frame to all planned)',
          value: round((drawn - atFirstFrame.drawn) / ((readyMs - atFirstFrame.ms) / 1000)),
        },
        {
          name: 'time to first frame',
          value: round(atFirstFrame.ms),
          unit: 'ms',
          goal: `≤ ${FIRST_FRAME_GOAL_MS} ms`,
          status: atFirstFrame.ms <= FIRST_FRAME_GOAL_MS ? 'ok' : 'MISSED',
        },
        { name: 'points in the first frame', value: atFirstFrame.drawn },
        { name: 'time to all planned points drawn', value: round(readyMs), unit: 'ms' },
        { name: 'points drawn', value: drawn },
        { name: 'bytes fetched / file size', value: round(fetched / cloudSize, 3) },
        { name: 'range requests', value: ranges.length },
        { name: 'page JS heap used', value: round(heap / MB), unit: 'MB' },
        { name: 'renderer process resident memory', value: round(residentOf('renderer') / MB), unit: 'MB' },
        { name: 'GPU process resident memory (SwiftShader)', value: round(residentOf('gpu-process') / MB), unit: 'MB' },
        { name: 'browser resident memory (all processes)', value: round(resident / MB), unit: 'MB' },
      ];
      return {
        bench: 'point-cloud',
        title: `Point-cloud viewer on a ${round(cloudSize / MB)} MB ${FORMAT.toUpperCase()} file`,
        figures,
        notes: [
          `WebGL renderer: ${webGl ?? 'none'}; status line at the end: "${status}"; a click picked ${JSON.stringify(pin)}.`,
        ],
        details: {
          cloudSize,
          points: POINTS,
          flags: CHROME_FLAGS,
          chromium: CHROMIUM,
          webGl,
          status,
          ranges: ranges.length,
          processes,
        },
      };
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
