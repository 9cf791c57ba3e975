import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAME_ON_EVERY_DRIVER, USES_THE_TEST_DATABASE } from './integration-passes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const helpers = path.join(root, 'apps/server/test');
/** The helpers that open the pass's test database; every other helper must not. */
const OPENERS = ['test-app.ts', 'two-instances.ts', 'postgres-test-database.ts', 'global-setup.ts'];

async function integrationFiles() {
  const entries = await readdir(path.join(root, 'apps/server'), { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.integration.test.ts') && !entry.includes('node_modules'))
    .map((entry) => `apps/server/${entry.split(path.sep).join('/')}`)
    .sort();
}

describe('the integration files the PostgreSQL pass leaves out', () => {
  it('are exactly those that never open the test database, so every other file runs on both drivers', async () => {
    const files = await integrationFiles();
    expect(files.length).toBeGreaterThan(50);
    const sameOnEveryDriver: string[] = [];
    for (const file of files) {
      if (!USES_THE_TEST_DATABASE.test(await readFile(path.join(root, file), 'utf8'))) sameOnEveryDriver.push(file);
    }
    expect(sameOnEveryDriver).toEqual([...SAME_ON_EVERY_DRIVER].sort());
  });

  it('cannot reach the test database through another helper', async () => {
    for (const helper of await readdir(helpers)) {
      if (OPENERS.includes(helper)) continue;
      const text = await readFile(path.join(helpers, helper), 'utf8');
      expect(USES_THE_TEST_DATABASE.test(text), helper).toBe(false);
      expect(text, helper).not.toMatch(/from '\.\/(test-app|two-instances|postgres-test-database)\.ts'/);
    }
  });
});
