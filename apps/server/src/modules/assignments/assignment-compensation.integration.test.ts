import { randomUUID } from 'node:crypto';
import { WORKFLOW_MESSAGES } from '@spacecapture/shared/contracts/admin-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  assignmentRow,
  auditCount,
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  createOrganization,
  orderRow,
} from '../../../test/workflow.ts';

/**
 * Create Assignment with the compensation the admin offers the provider: required (decision 107),
 * bounded and stored with the offer, audited in the same entry, and shown to the provider on the job.
 */

const API = '/api/admin';

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  provider = await newUser('provider_admin', { name: `Paid Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer', 'Compensation Customer')).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function newOrder() {
  return convertedOrder(t.app, admin, customerOrgId);
}

describe('Create Assignment with compensation', () => {
  it('stores the amount with the offer, audits it in the one create entry and shows it to the provider', async () => {
    const order = await newOrder();
    const before = await auditCount(t.db);
    const created = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: provider.orgId,
      compensation: 1250.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ compensation: 1250.5, status: 'offered' });
    expect(await auditCount(t.db)).toBe(before + 1);

    const assignmentId = created.json().id as string;
    expect((await assignmentRow(t.db, assignmentId)).compensation).toBe('1250.50');
    const [entry] = await auditOf(t.db, assignmentId);
    expect(entry).toMatchObject({ action: 'create', after: expect.objectContaining({ compensation: '1250.50' }) });

    const job = await provider.client.get(`/api/provider/assignments/${assignmentId}`);
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().compensation).toBe(1250.5);
  });

  it('refuses an offer without compensation with a field message, and changes nothing', async () => {
    const order = await newOrder();
    const before = await auditCount(t.db);
    for (const body of [
      { orderId: order.id, providerOrgId: provider.orgId },
      { orderId: order.id, providerOrgId: provider.orgId, compensation: null },
    ]) {
      const refused = await admin.post(`${API}/assignments`, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.fields).toEqual({ compensation: WORKFLOW_MESSAGES.compensationRequired });
    }
    await expect(
      t.app.services.assignments.create({ orderId: order.id, providerOrgId: provider.orgId } as never, {
        userId: 'admin',
        role: 'admin',
        orgId: null,
      }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    expect(await auditCount(t.db)).toBe(before);
    expect((await orderRow(t.db, order.id)).status).toBe('triage');
  });

  it.each([
    [-1, WORKFLOW_MESSAGES.compensationMin],
    [1_000_000.01, WORKFLOW_MESSAGES.compensationMax],
    [10.005, WORKFLOW_MESSAGES.compensationDecimals],
    ['100', WORKFLOW_MESSAGES.compensationNumber],
  ])('refuses %s with a field message and changes nothing', async (compensation, message) => {
    const order = await newOrder();
    const before = await auditCount(t.db);
    const refused = await admin.post(`${API}/assignments`, {
      orderId: order.id,
      providerOrgId: provider.orgId,
      compensation,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toMatchObject({ compensation: message });
    expect(await auditCount(t.db)).toBe(before);
    expect((await orderRow(t.db, order.id)).status).toBe('triage');
  });

  it('accepts the bounds 0 and 1,000,000', async () => {
    for (const compensation of [0, 1_000_000]) {
      const order = await newOrder();
      const created = await admin.post(`${API}/assignments`, {
        orderId: order.id,
        providerOrgId: provider.orgId,
        compensation,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().compensation).toBe(compensation);
    }
  });
});
