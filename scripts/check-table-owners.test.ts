import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findTableOwnerProblems, schemaTables, TABLE_OWNERS, tableWrites } from './check-table-owners.mjs';

const SCHEMA = `
export const orders = pgTable(
  'orders',
  { id: uuid('id') },
);
export const outboxEmails = pgTable('outbox_emails', { id: uuid('id') });
export const session = pgTable("session", { id: text('id') });
`;
const TABLES = schemaTables([SCHEMA]);
const OWNERS = { orders: 'orders', outboxEmails: 'outbox', session: 'accounts' };
const MODULES = ['orders', 'outbox', 'accounts', 'retention', 'public-forms'];
const ALLOWED = [{ prefix: 'seed/', reason: 'demo data' }];

/** A small server tree in memory: path (relative to src) → source. */
function check(tree: Record<string, string>, owners: Record<string, string> = OWNERS) {
  return findTableOwnerProblems(
    Object.keys(tree),
    (file: string) => {
      const source = tree[file];
      if (source === undefined) throw new Error(`no file ${file}`);
      return source;
    },
    { tables: TABLES, owners, allowed: ALLOWED, modules: MODULES },
  );
}

/** Each table written by its owner only, in each way the server writes. */
const CLEAN = {
  'modules/orders/orders-repository.ts': [
    "import { schema } from '@spacecapture/db/client';",
    'const { orders } = schema;',
    'export const insertOrder = (tx) => tx.insert(orders).values({});',
    'export const updateOrder = stampedUpdate(orders, orders.id);',
    'export const cancel = (tx, id) =>',
    '  tx',
    '    .update(schema.orders)',
    '    .set({ status: "cancelled" });',
  ].join('\n'),
  'modules/outbox/outbox-repository.ts': [
    "import { insertRows, schema } from '@spacecapture/db/client';",
    'const { outboxEmails: emails } = schema;',
    'export const outboxEmailRows = (rows) => insertRows(emails, rows);',
    'export const prune = (db) => db.execute(sql`delete from outbox_emails where id in (select 1) returning 1`);',
  ].join('\n'),
  'modules/accounts/accounts-repository.ts': `export const prune = (db) => db.execute(sql\`delete from "session" where expires_at < \${cutoff}\`);`,
  // Reads, and writes to things that are not tables, are no writes of a table.
  'modules/retention/retention-service.ts': [
    "import { schema } from '@spacecapture/db/client';",
    'const { orders } = schema;',
    `const rows = await db.select().from(orders).where(sql\`\${orders.id} in \${ids} for update\`);`,
    'windows.delete(key);',
    "hash.update('orders');",
  ].join('\n'),
  'modules/public-forms/public-forms-service.ts':
    "import { outboxEmailRows } from '../outbox/outbox-repository.ts';\nwrites.push(outboxEmailRows(emails));",
  'seed/demo-data.ts': 'await db.update(schema.orders).set({ createdAt: sql`now()` });',
};

describe('the table owners check', () => {
  it('passes a tree where only each owner writes its tables', () => {
    expect(check(CLEAN)).toEqual([]);
  });

  it('refuses a drizzle insert, update or delete from a module that does not own the table', () => {
    const problems = check({
      ...CLEAN,
      'modules/retention/retention-repository.ts': [
        "import { schema } from '@spacecapture/db/client';",
        'const {',
        '  orders,',
        '  session: sessions,',
        '} = schema;',
        'await tx.insert(orders).values({});',
        'await tx.update(schema.orders).set({});',
        'await tx',
        '  .delete(sessions)',
        '  .where(lt(sessions.expiresAt, cutoff));',
      ].join('\n'),
    });
    expect(problems).toEqual([
      'modules/retention/retention-repository.ts:6: inserts into orders (drizzle), which modules/orders/ owns: call a function it exports.',
      'modules/retention/retention-repository.ts:7: updates orders (drizzle), which modules/orders/ owns: call a function it exports.',
      'modules/retention/retention-repository.ts:9: deletes from session (drizzle), which modules/accounts/ owns: call a function it exports.',
    ]);
  });

  it('refuses a grouped insert (insertRows) of another module’s table, by schema or by a destructured name', () => {
    const problems = check({
      ...CLEAN,
      'modules/public-forms/public-forms-service.ts': [
        "import { insertRows, schema } from '@spacecapture/db/client';",
        'const { outboxEmails } = schema;',
        'const writes = [insertRows(schema.orders, [order]), insertRows(outboxEmails, rows)];',
      ].join('\n'),
    });
    expect(problems).toEqual([
      'modules/public-forms/public-forms-service.ts:3: inserts into orders (insertRows), which modules/orders/ owns: call a function it exports.',
      'modules/public-forms/public-forms-service.ts:3: inserts into outbox_emails (insertRows), which modules/outbox/ owns: call a function it exports.',
    ]);
  });

  it('refuses a stamped update (stampedUpdate) of another module’s table, by schema or by a destructured name', () => {
    const problems = check({
      ...CLEAN,
      'modules/retention/retention-repository.ts': [
        "import { schema, stampedUpdate } from '@spacecapture/db/client';",
        'const { outboxEmails } = schema;',
        'export const touchOrder = stampedUpdate(schema.orders, schema.orders.id);',
        'export const touchEmail = stampedUpdate(outboxEmails, outboxEmails.id);',
      ].join('\n'),
    });
    expect(problems).toEqual([
      'modules/retention/retention-repository.ts:3: updates orders (stampedUpdate), which modules/orders/ owns: call a function it exports.',
      'modules/retention/retention-repository.ts:4: updates outbox_emails (stampedUpdate), which modules/outbox/ owns: call a function it exports.',
    ]);
  });

  it('refuses raw SQL that writes another module’s table, by interpolated table or by name', () => {
    const problems = check({
      ...CLEAN,
      'modules/retention/retention-repository.ts': [
        "import { schema } from '@spacecapture/db/client';",
        'const { outboxEmails } = schema;',
        'await db.execute(sql`',
        `  delete from \${outboxEmails} where \${outboxEmails.id} in (\${sql\`select 1\`})\`);`,
        `await db.execute(sql\`DELETE FROM "session" where expires_at < \${cutoff}\`);`,
        `await db.execute(sql\`insert into \${schema.orders} (id) values (\${id})\`);`,
        "await db.execute(sql`update orders set status = 'cancelled'`);",
      ].join('\n'),
    });
    expect(problems).toEqual([
      'modules/retention/retention-repository.ts:4: deletes from outbox_emails (raw SQL), which modules/outbox/ owns: call a function it exports.',
      'modules/retention/retention-repository.ts:5: deletes from session (raw SQL), which modules/accounts/ owns: call a function it exports.',
      'modules/retention/retention-repository.ts:6: inserts into orders (raw SQL), which modules/orders/ owns: call a function it exports.',
      'modules/retention/retention-repository.ts:7: updates orders (raw SQL), which modules/orders/ owns: call a function it exports.',
    ]);
  });

  it('refuses a write from outside every module (lib, routes, workers) but not from an allowed writer', () => {
    expect(
      check({
        ...CLEAN,
        'workers/retention-worker.ts': 'await db.delete(schema.session).where(expired);',
        'seed/demo-data.ts': 'await db.delete(schema.session);',
      }),
    ).toEqual([
      'workers/retention-worker.ts:1: deletes from session (drizzle), which modules/accounts/ owns: call a function it exports.',
    ]);
  });

  it('refuses a table without an owner, an owner of no table and an owner that is no module', () => {
    const { session: _unmapped, ...owners } = OWNERS;
    expect(check(CLEAN, { ...owners, invoices: 'orders' })).toEqual([
      'table session (session) has no owner: add it to TABLE_OWNERS in scripts/check-table-owners.mjs.',
      "TABLE_OWNERS names invoices, which is no table of packages/db's schema.",
    ]);
    expect(check(CLEAN, { ...OWNERS, session: 'auth' })).toContainEqual(
      'TABLE_OWNERS gives session to auth, which is no server module.',
    );
  });

  it('reads table names from the schema, and finds writes with their lines', () => {
    expect([...TABLES]).toEqual([
      ['orders', 'orders'],
      ['outboxEmails', 'outbox_emails'],
      ['session', 'session'],
    ]);
    expect(
      tableWrites(
        "import { orders as o } from '@spacecapture/db/marketplace-schema';\n\nawait tx.update(o).set({});",
        TABLES,
      ),
    ).toEqual([{ line: 3, table: 'orders', verb: 'updates', how: 'drizzle' }]);
  });

  it('names an owner for every table of packages/db, and only its tables', () => {
    const schemaDir = new URL('../packages/db/src/', import.meta.url);
    const sources = readdirSync(schemaDir)
      .filter((name) => name.endsWith('schema.ts'))
      .map((name) => readFileSync(new URL(name, schemaDir), 'utf8'));
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...schemaTables(sources).keys()].sort());
  });
});
