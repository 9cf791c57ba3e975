import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPgliteThread, openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import { inject } from 'vitest';
import { buildApp, type TAppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { unbalancedEntries } from '../src/modules/ledger/ledger-repository.ts';
import { createSignedInAdmin, usersInvitedBy } from './accounts.ts';
import { TEST_PASSWORD_HASHING } from './password-hashing.ts';
import { createPostgresTestDatabase } from './postgres-test-database.ts';

/**
 * A fresh database per test file: a copy of the migrated PGlite dump, or, when
 * TEST_DATABASE_DRIVER=postgres, a copy of the migrated template database on the server at
 * TEST_DATABASE_URL that is dropped afterwards (so two runs never collide).
 */
export async function createTestDatabase(): Promise<TDatabaseHandle> {
  if (process.env.TEST_DATABASE_DRIVER === 'postgres') {
    const { url, drop } = await createPostgresTestDatabase();
    const handle = await openPostgres(url, { poolSize: 5 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await drop();
      },
    };
  }
  // As the server runs it: in its own thread (decision 110). Loading the dump takes a second or
  // two, so the next database is opened ahead, in its own thread, while this one's tests run
  // (decision 153): test files share the worker's modules, so the next file takes it at once.
  const handle = await (spareDatabase ?? openMigratedPglite());
  spareDatabase = openMigratedPglite();
  return handle;
}

/** The database the next createTestDatabase takes, already opening. */
let spareDatabase: Promise<TDatabaseHandle> | undefined;

function openMigratedPglite(): Promise<TDatabaseHandle> {
  const opening = readFile(inject('pgliteDumpPath')).then((dump) =>
    openPgliteThread({ loadDataDir: new Blob([dump]) }),
  );
  // A failure is reported to whoever takes this database, not as an unhandled rejection now.
  opening.catch(() => undefined);
  return opening;
}

export type TTestApp = Awaited<ReturnType<typeof createTestApp>>;

export type TTestAppOptions = {
  env?: Record<string, string>;
  startWorkers?: boolean;
  /** `server`: the server's own (slow) password hashing instead of the tests' cheap one. */
  passwordHashing?: 'server';
} & Partial<
  Pick<
    TAppOptions,
    'clock' | 'outbox' | 'mailTransport' | 'offerExpiry' | 'logger' | 'thumbnails' | 'pointTrees' | 'webhooks'
  >
>;

/**
 * The whole app on a fresh database, with its own data folder; workers off unless asked, and cheap
 * password hashing unless asked for the server's (decision 169).
 */
export async function createTestApp(options: TTestAppOptions = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-app-'));
  const database = await createTestDatabase();
  // A test that expects the app to refuse its configuration leaves nothing behind either.
  const discard = async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      PUBLIC_FORM_RATE_LIMIT: '1000',
      // Test files share a loaded machine, where the event loop of any of them can be kept waiting
      // for half a second; shedding is proven by its own tests, which set their own threshold.
      SHED_AFTER_BUSY_MS: '10000',
      // Likewise a statement may wait long on a loaded machine; the deadline is proven by its own test.
      DATABASE_QUEUE_DEADLINE_MS: '60000',
      ...options.env,
    });
    app = await buildApp({
      config,
      database,
      startWorkers: options.startWorkers ?? false,
      ...(options.passwordHashing === 'server' ? {} : { passwordHashing: TEST_PASSWORD_HASHING }),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.outbox ? { outbox: options.outbox } : {}),
      ...(options.offerExpiry ? { offerExpiry: options.offerExpiry } : {}),
      ...(options.thumbnails ? { thumbnails: options.thumbnails } : {}),
      ...(options.pointTrees ? { pointTrees: options.pointTrees } : {}),
      ...(options.webhooks ? { webhooks: options.webhooks } : {}),
      ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    await app.ready();
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    app,
    db: database.db,
    database,
    dataDir,
    /** Closes the app and its database; fails the file if any ledger entry does not balance (decision 208). */
    async close() {
      const unbalanced = await unbalancedEntries(database.db);
      await app.close();
      await discard();
      if (unbalanced.length > 0) {
        throw new Error(`Ledger entries that do not balance: ${JSON.stringify(unbalanced)}`);
      }
    },
  };
}

/**
 * The app as most tests start: createTestApp with its master admin signed in (`admin`, its client;
 * `adminAccount`, with its e-mail and password), and `newUser` to make signed-in users through the
 * admin's invitations.
 */
export async function createTestAppWithAdmin(options: TTestAppOptions = {}) {
  const t = await createTestApp(options);
  try {
    const adminAccount = await createSignedInAdmin(t.app);
    const admin = adminAccount.client;
    return { t, admin, adminAccount, newUser: usersInvitedBy(t.app, t.db, admin) };
  } catch (error) {
    await t.close();
    throw error;
  }
}
