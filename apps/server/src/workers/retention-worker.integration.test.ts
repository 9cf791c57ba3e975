import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { createRetentionWorker, DEFAULT_RETENTION_OPTIONS } from './retention-worker.ts';

/**
 * Retention on a controlled clock: rows past their age go, recent ones stay, in batches; e-mails
 * that were never delivered and the audit log are never pruned, but for uses of API keys.
 */

const DAY = 86_400_000;
let now = new Date('2027-03-01T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

async function insertIdempotencyKey(key: string, createdAt: Date) {
  await t.db.insert(schema.idempotencyKeys).values({
    scope: 'test',
    key,
    requestHash: 'hash',
    responseStatus: 201,
    responseBody: {},
    createdAt,
  });
}

async function insertEmail(subject: string, status: string, createdAt: Date, sentAt: Date | null) {
  await t.db.insert(schema.outboxEmails).values({
    to: ['someone@example.com'],
    subject,
    html: '<p>x</p>',
    text: 'x',
    status,
    createdAt,
    sentAt,
  });
}

async function insertSession(id: string, userId: string, expiresAt: Date) {
  await t.db.insert(schema.session).values({ id, token: randomUUID(), userId, expiresAt });
}

async function remaining() {
  const keys = await t.db.select({ key: schema.idempotencyKeys.key }).from(schema.idempotencyKeys);
  const emails = await t.db.select({ subject: schema.outboxEmails.subject }).from(schema.outboxEmails);
  const sessions = await t.db.select({ id: schema.session.id }).from(schema.session);
  const audit = await t.db.select({ entityId: schema.auditLog.entityId }).from(schema.auditLog);
  const notifications = await t.db.select({ title: schema.notifications.title }).from(schema.notifications);
  return {
    notifications: notifications.map((row) => row.title).sort(),
    keys: keys.map((row) => row.key).sort(),
    emails: emails.map((row) => row.subject).sort(),
    sessions: sessions.map((row) => row.id).sort(),
    audit: audit.map((row) => row.entityId),
  };
}

describe('retention worker', () => {
  it('removes idempotency keys, delivered e-mails, expired sessions and read notifications past their age, in batches', async () => {
    for (let i = 0; i < 5; i++) await insertIdempotencyKey(`old-key-${i}`, ago(8));
    await insertIdempotencyKey('recent-key', ago(6));
    for (let i = 0; i < 3; i++) await insertEmail(`old-sent-${i}`, 'sent', ago(95), ago(91));
    await insertEmail('recent-sent', 'sent', ago(89), ago(89));
    await insertEmail('old-kept', 'kept', ago(400), null);
    await insertEmail('old-failed', 'failed', ago(400), null);
    await insertEmail('old-pending', 'pending', ago(400), null);
    const userId = randomUUID();
    await t.db.insert(schema.user).values({ id: userId, name: 'Retention Test', email: `${userId}@example.com` });
    for (let i = 0; i < 3; i++) await insertSession(`expired-${i}`, userId, ago(1 + i));
    const notice = { userId, eventType: 'quote_sent', title: 'Quote sent', body: '', linkPath: '/customer/quotes' };
    await t.db.insert(schema.notifications).values([
      { ...notice, title: 'read long ago', createdAt: ago(40), readAt: ago(31) },
      { ...notice, title: 'read lately', createdAt: ago(40), readAt: ago(29) },
      { ...notice, title: 'never read', createdAt: ago(400), readAt: null },
    ]);
    await insertSession('active', userId, new Date(now.getTime() + DAY));
    await t.db.insert(schema.auditLog).values({
      entity: 'test',
      entityId: 'ancient-audit-entry',
      action: 'test',
      ts: ago(3650),
    });

    // Batches of 2: each kind needs more than one delete statement.
    const worker = createRetentionWorker({
      db: t.db,
      clock: () => now,
      log: t.app.log,
      options: { ...DEFAULT_RETENTION_OPTIONS, batchSize: 2 },
    });
    expect(await worker.kick()).toEqual({
      idempotencyKeys: 5,
      sentEmails: 3,
      expiredSessions: 3,
      readNotifications: 1,
      webhookDeliveries: 0,
      apiKeyUses: 0,
      shareVisitors: 0,
    });
    const after = await remaining();
    expect(after.keys).toEqual(['recent-key']);
    expect(after.emails).toEqual(['old-failed', 'old-kept', 'old-pending', 'recent-sent']);
    expect(after.sessions).toEqual(['active']);
    expect(after.audit).toContain('ancient-audit-entry');
    expect(after.notifications).toEqual(['never read', 'read lately']);

    // A second pass at the same time finds nothing; the app's own worker, days later, the rest.
    expect(await worker.kick()).toEqual({
      idempotencyKeys: 0,
      sentEmails: 0,
      expiredSessions: 0,
      readNotifications: 0,
      webhookDeliveries: 0,
      apiKeyUses: 0,
      shareVisitors: 0,
    });
    now = new Date(now.getTime() + 2 * DAY);
    expect(await t.app.retention.kick()).toEqual({
      idempotencyKeys: 1,
      sentEmails: 1,
      expiredSessions: 1,
      readNotifications: 1,
      webhookDeliveries: 0,
      apiKeyUses: 0,
      shareVisitors: 0,
    });
    const later = await remaining();
    expect(later).toMatchObject({
      keys: [],
      emails: ['old-failed', 'old-kept', 'old-pending'],
      sessions: [],
      notifications: ['never read'],
    });
    expect(later.audit).toContain('ancient-audit-entry');
  });

  it('removes finished webhook deliveries past their age and keeps pending ones, however old', async () => {
    const [organization] = await t.db
      .insert(schema.organizations)
      .values({ name: `Hooks ${randomUUID().slice(0, 6)}`, type: 'customer' })
      .returning();
    const [endpoint] = await t.db
      .insert(schema.webhookEndpoints)
      .values({
        organizationId: organization!.id,
        url: 'https://93.184.216.34/hooks',
        events: ['order.created'],
        secret: 'whsec_test',
      })
      .returning();
    const delivery = { endpointId: endpoint!.id, event: 'order.created', payload: {} };
    await t.db.insert(schema.webhookDeliveries).values([
      { ...delivery, status: 'succeeded', createdAt: ago(31), deliveredAt: ago(31) },
      { ...delivery, status: 'succeeded', createdAt: ago(32), deliveredAt: ago(32) },
      { ...delivery, status: 'failed', createdAt: ago(35) },
      { ...delivery, status: 'succeeded', createdAt: ago(29), deliveredAt: ago(29) },
      { ...delivery, status: 'pending', createdAt: ago(400) },
    ]);
    const worker = createRetentionWorker({
      db: t.db,
      clock: () => now,
      log: t.app.log,
      options: { ...DEFAULT_RETENTION_OPTIONS, batchSize: 2 },
    });
    expect((await worker.kick()).webhookDeliveries).toBe(3);
    const left = await t.db
      .select({ status: schema.webhookDeliveries.status, createdAt: schema.webhookDeliveries.createdAt })
      .from(schema.webhookDeliveries);
    expect(left.map((row) => [row.status, row.createdAt.toISOString()]).sort()).toEqual(
      [
        ['pending', ago(400).toISOString()],
        ['succeeded', ago(29).toISOString()],
      ].sort(),
    );
  });

  it("removes API-key uses from the audit log past their age; the key's other entries and the rest of the log stay", async () => {
    const keyId = randomUUID();
    const entry = { entity: 'api_key', entityId: keyId, actorUserId: null };
    await t.db
      .insert(schema.auditLog)
      .values([
        ...Array.from({ length: 5 }, (_, i) => ({ ...entry, action: 'use', ts: ago(91 + i) })),
        { ...entry, action: 'use', ts: ago(89) },
        { ...entry, action: 'create', ts: ago(400) },
        { ...entry, action: 'revoke', ts: ago(300) },
        { entity: 'order', entityId: keyId, action: 'use', ts: ago(400) },
      ]);
    const worker = createRetentionWorker({
      db: t.db,
      clock: () => now,
      log: t.app.log,
      options: { ...DEFAULT_RETENTION_OPTIONS, batchSize: 2 },
    });
    expect((await worker.kick()).apiKeyUses).toBe(5);
    const left = await t.db
      .select({ entity: schema.auditLog.entity, action: schema.auditLog.action, ts: schema.auditLog.ts })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, keyId));
    expect(left.map((row) => `${row.entity} ${row.action} ${row.ts.toISOString()}`).sort()).toEqual(
      [
        `api_key use ${ago(89).toISOString()}`,
        `api_key create ${ago(400).toISOString()}`,
        `api_key revoke ${ago(300).toISOString()}`,
        `order use ${ago(400).toISOString()}`,
      ].sort(),
    );
    expect((await worker.kick()).apiKeyUses).toBe(0);
  });

  it('reads its schedule and ages from the configuration', async () => {
    const configured = await createTestApp({
      env: {
        RETENTION_INTERVAL_MINUTES: '15',
        RETENTION_IDEMPOTENCY_KEYS_DAYS: '1',
        RETENTION_SENT_EMAILS_DAYS: '30',
        RETENTION_EXPIRED_SESSIONS_DAYS: '2',
        RETENTION_READ_NOTIFICATIONS_DAYS: '14',
        RETENTION_WEBHOOK_DELIVERIES_DAYS: '5',
        RETENTION_API_KEY_USES_DAYS: '60',
      },
    });
    try {
      expect(configured.app.config.retention).toEqual({
        intervalMinutes: 15,
        idempotencyKeysDays: 1,
        sentEmailsDays: 30,
        expiredSessionsDays: 2,
        readNotificationsDays: 14,
        webhookDeliveriesDays: 5,
        apiKeyUsesDays: 60,
      });
    } finally {
      await configured.close();
    }
  });
});
