import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { onCommitted } from '@spacecapture/db/after-commit';
import type { TDatabase } from '@spacecapture/db/client';
import type { TCheckFinding } from '@spacecapture/shared/contracts/quality-checks';
import type { FastifyBaseLogger } from 'fastify';
import { containedScript, runContained, type TContainedLimits } from '../lib/contained-process.ts';
import { DELIVERABLE_RECORDED } from '../modules/deliverables/deliverables-repository.ts';
import { fitOf, type TInspection } from '../modules/quality-checks/file-inspectors.ts';
import { claimDueChecks, recordCheck } from '../modules/quality-checks/quality-checks-repository.ts';
import type { TFileStore } from '../modules/storage/file-store.ts';
import { createPollingLoop } from './polling-loop.ts';

/**
 * Checks every delivered file before the customer sees it (decision 236), off the request path
 * like thumbnails and point trees: an upload's commit asks for a pass, and a pass runs every
 * minute for files from before a restart. Each file is read by a contained child (decision 171)
 * with no database or bucket access; the worker adds whether it fits what was ordered and records
 * the outcome: passed, warned (never blocks) or failed (blocks Mark delivered).
 */

export const DEFAULT_QUALITY_CHECK_OPTIONS = {
  intervalMs: 60_000,
  concurrency: 1,
  maxAttempts: 3,
  holdMs: 15 * 60_000,
  /** The child copies the file to disk: its time limit grows with the file's size. */
  baseTimeoutMs: 30_000,
  bytesPerSecond: 20 * 1024 * 1024,
  limits: {
    timeoutMs: 30_000,
    maxHeapMb: 512,
    maxRssMb: 1024,
    maxOutputBytes: 64 * 1024,
  } satisfies TContainedLimits as TContainedLimits,
};
export type TQualityCheckWorkerOptions = typeof DEFAULT_QUALITY_CHECK_OPTIONS;

const qualityCheckScript = () =>
  containedScript([
    new URL('./quality-check-process.mjs', import.meta.url),
    new URL('../modules/quality-checks/quality-check-process.ts', import.meta.url),
  ]);

/** A limit's plain words for the provider. */
const LIMIT_MESSAGES: Record<string, string> = {
  time: 'The file could not be checked in time; it may be damaged.',
  memory: 'The file needed more memory to check than is allowed; it may be damaged.',
  output: 'The file could not be checked.',
  pixels: 'The image has more pixels than allowed.',
};

export function createQualityCheckWorker(deps: {
  db: TDatabase;
  files: TFileStore;
  clock: () => Date;
  log: FastifyBaseLogger;
  options: TQualityCheckWorkerOptions;
}) {
  const { db, files, clock, log, options } = deps;
  const script = qualityCheckScript();

  async function checkOne(file: Awaited<ReturnType<typeof claimDueChecks>>[number]) {
    const sourceKey = file.fileLinks.paths[0];
    const workDir = path.join(await files.tempDir(), `check-${randomUUID()}`);
    try {
      if (!sourceKey) throw new Error('the file has no stored bytes');
      await mkdir(workDir, { recursive: true });
      const { stream } = await files.open(sourceKey);
      const limits = {
        ...options.limits,
        timeoutMs: Math.max(
          options.limits.timeoutMs,
          options.baseTimeoutMs + (Number(file.size) / options.bytesPerSecond) * 1000,
        ),
      };
      const ran = await runContained(script, [workDir, file.fileName], stream, limits);
      let inspection: TInspection;
      if (ran.ok) inspection = JSON.parse(ran.output.toString('utf8')) as TInspection;
      else if (ran.reason === 'unreadable') throw new Error(ran.detail || 'the check ended without an answer');
      else {
        log.warn({ deliverableId: file.id, limit: ran.reason, detail: ran.detail }, 'file check over a limit');
        inspection = {
          kind: 'other',
          facts: {},
          failures: [{ code: 'limit', message: LIMIT_MESSAGES[ran.reason] ?? 'The file could not be checked.' }],
          warnings: [],
        };
      }
      const failures: TCheckFinding[] = [...inspection.failures];
      const warnings: TCheckFinding[] = [...inspection.warnings];
      // A file that does not parse is not judged on its fit: its kind is only its name's.
      if (failures.length === 0) {
        const fit = fitOf(file.captureType, inspection.kind);
        if (fit.failure) failures.push(fit.failure);
        if (fit.warning) warnings.push(fit.warning);
      }
      const state = failures.length > 0 ? 'failed' : warnings.length > 0 ? 'warned' : 'passed';
      await recordCheck(db, file.id, { state, failures, warnings, facts: inspection.facts, at: clock() });
      return state;
    } catch (error) {
      const last = file.attempts >= options.maxAttempts;
      log.warn({ err: error, deliverableId: file.id, attempt: file.attempts, last }, 'file check failed');
      await recordCheck(
        db,
        file.id,
        last
          ? {
              state: 'failed',
              failures: [{ code: 'unchecked', message: 'The file could not be checked; upload it again.' }],
              warnings: [],
              facts: {},
              at: clock(),
            }
          : { state: 'pending', retryAt: new Date(clock().getTime() + file.attempts * 60_000) },
      );
      return last ? ('failed' as const) : ('retry' as const);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  const loop = createPollingLoop(async (isStopping) => {
    const counts = { passed: 0, warned: 0, failed: 0, retry: 0 };
    try {
      while (!isStopping()) {
        const batch = await claimDueChecks(db, clock(), options.concurrency, options.holdMs);
        if (batch.length === 0) break;
        for (const result of await Promise.all(batch.map(checkOne))) counts[result]++;
      }
    } catch (error) {
      log.error({ err: error }, 'file check pass failed');
    }
    return counts;
  }, options.intervalMs);

  onCommitted(db, DELIVERABLE_RECORDED, loop.soon);

  return { start: loop.start, kick: loop.kick, soon: loop.soon, stop: loop.stop };
}
export type TQualityCheckWorker = ReturnType<typeof createQualityCheckWorker>;
