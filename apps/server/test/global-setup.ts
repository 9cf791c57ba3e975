import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '@spacecapture/db/client';
import type { TestProject } from 'vitest/node';
import { adminQuery } from './postgres-test-database.ts';

/**
 * Migrates the database once per run; every test file then starts from a copy instead of paying
 * for initdb and every migration itself (decision 153). On PGlite a dump each file loads (well
 * under a second); on PostgreSQL (TEST_DATABASE_DRIVER=postgres) a template database each file's
 * database is created from. Only the driver of the run is prepared.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DATABASE_DRIVER === 'postgres' && adminUrl) {
    project.provide('pgliteDumpPath', '');
    return migratedPostgresTemplate(project, adminUrl);
  }
  project.provide('postgresTemplateDatabase', '');
  return migratedPgliteDump(project);
}

async function migratedPgliteDump(project: TestProject) {
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

async function migratedPostgresTemplate(project: TestProject, adminUrl: string) {
  const name = `spacecapture_template_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // One connection, closed before any copy: a template with a session open cannot be copied.
    const template = await openPostgres(url.toString(), { poolSize: 1 });
    try {
      await template.migrate();
    } finally {
      await template.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplateDatabase', name);
  return drop;
}

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  export interface ProvidedContext {
    /** The migrated PGlite dump each file loads; empty on PostgreSQL. */
    pgliteDumpPath: string;
    /** The migrated database each PostgreSQL test database copies; empty on PGlite. */
    postgresTemplateDatabase: string;
  }
}
