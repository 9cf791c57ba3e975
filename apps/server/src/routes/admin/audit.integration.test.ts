import { schema } from '@spacecapture/db/client';
import { AUDIT_CSV_COLUMNS } from '@spacecapture/shared/contracts/admin-console/audit';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, errorOf, type TClient, type TNewUser, uniqueAddress } from '../../../test/accounts.ts';
import { at, parseCsv, walkPages } from '../../../test/admin-console.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let adminUserId: string;
let adminEmail: string;
const DAY = new Date('2026-03-10T12:00:00.000Z');

/** The ids of every audit entry matching `where`, newest first as the database orders them. */
async function idsWhere(where?: ReturnType<typeof and>) {
  const rows = await t.db
    .select({ id: schema.auditLog.id })
    .from(schema.auditLog)
    .where(where)
    .orderBy(desc(schema.auditLog.ts), desc(schema.auditLog.id));
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  const started = await createTestAppWithAdmin();
  ({ t, admin, newUser } = started);
  adminEmail = started.adminAccount.email;
  adminUserId = (await admin.me()).body.user.id;
  // 130 entries over three days: pairs share an instant, others differ only in microseconds.
  const entities = ['order', 'quote', 'assignment'];
  await t.db.insert(schema.auditLog).values(
    Array.from({ length: 130 }, (_, index) => ({
      entity: entities[index % 3]!,
      entityId: `e-${index % 10}`,
      action: index % 2 === 0 ? 'create' : 'update',
      before: index % 2 === 0 ? null : { status: 'draft' },
      after: { status: 'sent', index },
      actorUserId: index % 4 === 0 ? adminUserId : null,
      ts: at(DAY, Math.floor(index / 2) * 3600, index % 5 === 0 ? 0 : 250),
    })),
  );
  // Values a spreadsheet would misread: separators, quotes, line breaks, formulas.
  await t.db.insert(schema.auditLog).values([
    {
      entity: 'contact_message',
      entityId: 'has, comma',
      action: 'say "hi"',
      after: { note: 'line one\nline two' },
      actorUserId: null,
      ts: at(DAY, -60),
    },
    {
      entity: 'contact_message',
      entityId: '=HYPERLINK("http://evil.example","click")',
      action: '+cmd',
      before: null,
      after: null,
      actorUserId: null,
      ts: at(DAY, -120),
    },
    { entity: 'contact_message', entityId: '-2+3', action: '@SUM(A1)', actorUserId: null, ts: at(DAY, -180) },
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/audit', () => {
  it('shows the latest 100 by default, newest first, with the actor', async () => {
    const response = await admin.get('/api/admin/audit');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const all = await idsWhere();
    expect(body.items).toHaveLength(100);
    expect(body.items.map((entry: { id: string }) => entry.id)).toEqual(all.slice(0, 100));
    expect(body.nextCursor).toEqual(expect.any(String));
    const withActor = body.items.find((entry: { actor: unknown }) => entry.actor !== null);
    expect(withActor.actor).toEqual({ userId: adminUserId, email: adminEmail, name: expect.any(String) });
    expect(body.items[0]).toMatchObject({
      entity: expect.any(String),
      entityId: expect.any(String),
      ts: expect.any(String),
    });
  });

  it('pages beyond the first 100 without duplicates or gaps', async () => {
    const { ids } = await walkPages(admin, '/api/admin/audit');
    expect(ids).toEqual(await idsWhere());
    const small = await walkPages(admin, '/api/admin/audit?entity=quote&limit=7');
    expect(small.ids).toEqual(await idsWhere(and(eq(schema.auditLog.entity, 'quote'))));
    expect(small.ids).toHaveLength(43);
  });

  it('filters by entity, entity id, action and actor (id, or part of a name or e-mail)', async () => {
    const byAction = await walkPages(admin, '/api/admin/audit?entity=order&action=update&limit=50');
    expect(byAction.ids).toEqual(
      await idsWhere(and(eq(schema.auditLog.entity, 'order'), eq(schema.auditLog.action, 'update'))),
    );
    const byEntityId = (await admin.get('/api/admin/audit?entityId=e-3')).json();
    expect(byEntityId.items).toHaveLength(13);
    const byActorId = await walkPages(admin, `/api/admin/audit?actor=${adminUserId}`);
    const byActorEmail = await walkPages(
      admin,
      `/api/admin/audit?actor=${encodeURIComponent(adminEmail.toUpperCase())}`,
    );
    expect(byActorEmail.ids).toEqual(byActorId.ids);
    expect(byActorId.ids).toEqual(await idsWhere(and(eq(schema.auditLog.actorUserId, adminUserId))));
    expect((await admin.get('/api/admin/audit?actor=nobody%40example.com')).json()).toEqual({
      items: [],
      nextCursor: null,
    });
    // Part of the address, any case, or part of the name finds the same entries.
    const localPart = adminEmail.split('@')[0]!;
    const byPart = await walkPages(admin, `/api/admin/audit?actor=${localPart.slice(1, -1).toUpperCase()}`);
    expect(byPart.ids).toEqual(byActorId.ids);
    const name = (await admin.me()).body.user.name as string;
    const byName = await walkPages(admin, `/api/admin/audit?actor=${encodeURIComponent(name.slice(0, 4))}`);
    expect(byName.ids).toEqual(byActorId.ids);
    // A wildcard typed by the admin is a character to find, not a pattern.
    expect((await admin.get('/api/admin/audit?actor=%25')).json().items).toEqual([]);
  });

  it('offers entity and action as choices: a name outside the audited list is a clear 400', async () => {
    const entity = await admin.get('/api/admin/audit?entity=ord');
    expect(entity.statusCode).toBe(400);
    expect(errorOf(entity).fields).toEqual({ entity: 'Choose one of the audited entities.' });
    const action = await admin.get('/api/admin/audit.csv?action=upd');
    expect(action.statusCode).toBe(400);
    expect(errorOf(action).fields).toEqual({ action: 'Choose one of the audited actions.' });
  });

  it('filters by dates: a day is included whole (UTC), an instant exactly', async () => {
    // 2026-03-10 holds the hours 12:00 back to 00:00 (13 instants, 2 entries each) and the three
    // contact_message entries just after 12:00.
    const dayAll = await walkPages(admin, '/api/admin/audit?from=2026-03-10&to=2026-03-10');
    expect(dayAll.ids).toHaveLength(29);
    const day = (await admin.get('/api/admin/audit?from=2026-03-10&to=2026-03-10&entity=order')).json();
    expect(day.items.length).toBeGreaterThan(0);
    expect(day.items.every((entry: { ts: string }) => entry.ts.startsWith('2026-03-10'))).toBe(true);
    // Instants: 10:00, 11:00 and 12:00 (to the millisecond), two entries each.
    const instant = await walkPages(admin, '/api/admin/audit?from=2026-03-10T10:00:00Z&to=2026-03-10T12:00:00Z');
    expect(instant.ids).toHaveLength(6);
    const bad = await admin.get('/api/admin/audit?from=2026-03-11&to=2026-03-10');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ to: 'The start date must be on or before the end date.' });
    expect((await admin.get('/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/audit?limit=101')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('streams the filtered entries as CSV with a header row, escaped and formula-safe', async () => {
    const response = await admin.get('/api/admin/audit.csv?entity=contact_message');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body).toContain('\r\n');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    // Newest first: the -2+3 entry (12:03), the HYPERLINK one (12:02), the comma one (12:01).
    const [third, second, first] = rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
    expect(first).toMatchObject({ entity: 'contact_message', entity_id: 'has, comma', action: 'say "hi"', before: '' });
    expect(JSON.parse(first!.after!)).toEqual({ note: 'line one\nline two' });
    expect(second).toMatchObject({ entity_id: `'=HYPERLINK("http://evil.example","click")`, action: "'+cmd" });
    expect(third).toMatchObject({ entity_id: "'-2+3", action: "'@SUM(A1)" });
    // The raw text: quoted where needed, inner quotes doubled.
    expect(response.body).toContain('"has, comma","say ""hi"""');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('exports every matching entry across batches, in the order of the list', async () => {
    await t.db.insert(schema.auditLog).values(
      Array.from({ length: 1100 }, (_, index) => ({
        entity: 'rating',
        entityId: `b-${index}`,
        action: 'create',
        actorUserId: null,
        ts: at(DAY, 100_000 + Math.floor(index / 3), index % 2 === 0 ? 100 : 0),
      })),
    );
    const response = await admin.get('/api/admin/audit.csv?entity=rating');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(response.body);
    expect(header![0]).toBe('ts');
    const ids = rows.map((row) => row[AUDIT_CSV_COLUMNS.indexOf('id')]);
    expect(ids).toEqual(await idsWhere(and(eq(schema.auditLog.entity, 'rating'))));
    expect(new Set(ids).size).toBe(1100);
    const unknown = await admin.get('/api/admin/audit.csv?actor=nobody%40example.com');
    expect(parseCsv(unknown.body)).toEqual([[...AUDIT_CSV_COLUMNS]]);
  });

  it('is 401 without a session and 403 for a customer', async () => {
    const anonymous = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await anonymous.get('/api/admin/audit')).statusCode).toBe(401);
    expect((await anonymous.get('/api/admin/audit.csv')).statusCode).toBe(401);
    const customer = await newUser('customer_user', { name: 'Audit Customer' });
    expect((await customer.client.get('/api/admin/audit')).statusCode).toBe(403);
    const csv = await customer.client.get('/api/admin/audit.csv');
    expect(csv.statusCode).toBe(403);
    expect(csv.headers['content-type']).toMatch(/^application\/json/);
  });
});
