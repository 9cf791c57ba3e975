import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '@spacecapture/db/client';
import type { TestProject } from 'vitest/node';

/**
 * Migrates one PGlite database once per run and dumps it; every test file then starts from a
 * copy of that dump (well under a second) instead of paying for initdb and migrations each time.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-test-'));
  const handle = await openPglite(undefined);
  await handle.migrate();
  const dump = await handle.client.dumpDataDir('none');
  const dumpPath = path.join(dir, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDumpPath', dumpPath);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  export interface ProvidedContext {
    pgliteDumpPath: string;
  }
}
