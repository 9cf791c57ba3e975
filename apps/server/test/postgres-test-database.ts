import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A fresh PostgreSQL database for one test file (TEST_DATABASE_DRIVER=postgres): a copy of the
 * database the global setup migrated once (`CREATE DATABASE … TEMPLATE`, a file copy in the
 * server) instead of running every migration again per file. `drop` removes it afterwards, so two
 * runs never collide.
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `spacecapture_test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('postgresTemplateDatabase')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** One statement on the server's maintenance database (creating and dropping databases). */
export async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
