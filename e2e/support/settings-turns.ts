import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** How long a test may wait for another to finish with the settings. */
const WAIT_MS = 120_000;

/**
 * Tests that change the platform's settings take turns: the workers run in parallel against one
 * server, and the settings are shared by every test of the run. The turn is a folder made
 * atomically, named after the run's server port; the test waiting gets the time it waits added to
 * its own timeout.
 */
export async function withSettingsTurn<T>(work: () => Promise<T>): Promise<T> {
  const port = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:0').port;
  const turn = path.join(os.tmpdir(), `spacecapture-e2e-settings-turn-${port}`);
  test.info().setTimeout(test.info().timeout + WAIT_MS);
  await expect
    .poll(
      () =>
        mkdir(turn).then(
          () => true,
          () => false,
        ),
      { timeout: WAIT_MS, intervals: [200] },
    )
    .toBe(true);
  try {
    return await work();
  } finally {
    await rm(turn, { recursive: true, force: true });
  }
}
