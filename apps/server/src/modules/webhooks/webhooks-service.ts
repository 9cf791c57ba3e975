import type { TDatabase } from '@spacecapture/db/client';
import {
  type TCreateWebhookEndpointRequest,
  type TUpdateWebhookEndpointRequest,
  type TWebhookDelivery,
  type TWebhookDeliveryPage,
  type TWebhookDeliveryQuery,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  WEBHOOK_TEST_EVENT,
} from '@spacecapture/shared/contracts/webhooks';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { iso } from '../../lib/iso.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { checkTarget, type TUrlPolicy } from './url-policy.ts';
import { generateWebhookSecret } from './webhook-signature.ts';
import {
  deleteEndpoint,
  findAnyEndpoint,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveriesPage,
  listEndpoints,
  requeueDelivery,
  type TWebhookDeliveryRow,
  type TWebhookEndpointRow,
  updateEndpoint,
} from './webhooks-repository.ts';

const NOT_FOUND = 'Webhook endpoint not found.';

/** Endpoints of an organisation: more is a mistake, and each adds a delivery to every event. */
const MAX_ENDPOINTS_PER_ORG = 20;

function toEndpointView(row: TWebhookEndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    disabledAt: iso(row.disabledAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: everything but the secret. */
function auditedEndpoint(row: TWebhookEndpointRow) {
  const { secret: _secret, ...rest } = row;
  return rest;
}

function toDeliveryView(
  row: Pick<
    TWebhookDeliveryRow,
    | 'id'
    | 'endpointId'
    | 'event'
    | 'status'
    | 'attempts'
    | 'nextAttemptAt'
    | 'lastStatusCode'
    | 'lastError'
    | 'createdAt'
    | 'deliveredAt'
  >,
): TWebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    event: row.event,
    status: row.status as TWebhookDelivery['status'],
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
  };
}

/**
 * A customer organisation's webhook endpoints and their delivery log (issue 15). Every change is
 * audited in its transaction; another organisation's endpoint is simply not found. A target is
 * checked against the address policy (decision 118) before it is saved, outside the transaction
 * (resolving a name is a network call).
 */
export function createWebhooksService(deps: { db: TDatabase; clock: () => Date; policy: TUrlPolicy }) {
  const { db, clock, policy } = deps;

  function orgOf(actor: TActor) {
    if (!actor.orgId) throw new AppError('not_found', 'You do not belong to an organization.');
    return actor.orgId;
  }

  async function endpointOrNotFound(tx: Parameters<typeof findEndpoint>[0], orgId: string, id: string) {
    const endpoint = await findEndpoint(tx, orgId, id, { forUpdate: true });
    if (!endpoint) throw new AppError('not_found', NOT_FOUND);
    return endpoint;
  }

  /** One page of an endpoint's log; the cursor is read first, so a bad one is refused before any lookup. */
  async function deliveriesOf(
    findOwnEndpoint: () => Promise<TWebhookEndpointRow | undefined>,
    query: TWebhookDeliveryQuery,
  ): Promise<TWebhookDeliveryPage> {
    const cursor = decodeCursor(query.cursor);
    const endpoint = await findOwnEndpoint();
    if (!endpoint) throw new AppError('not_found', NOT_FOUND);
    const rows = await listDeliveriesPage(db, endpoint.id, { limit: query.limit + 1, cursor });
    return toPage(rows, query.limit, (row) => row.id, toDeliveryView);
  }

  return {
    /**
     * The admins' read-only view of any organisation's endpoints and delivery logs, to help a
     * customer whose receiver misses events. Reads, like the admins' other reads, are not audited.
     */
    admin: {
      async list(organizationId: string): Promise<TWebhookEndpoint[]> {
        return (await listEndpoints(db, organizationId)).map(toEndpointView);
      },
      async deliveries(endpointId: string, query: TWebhookDeliveryQuery): Promise<TWebhookDeliveryPage> {
        return deliveriesOf(() => findAnyEndpoint(db, endpointId), query);
      },
    },

    async list(actor: TActor): Promise<TWebhookEndpoint[]> {
      return (await listEndpoints(db, orgOf(actor))).map(toEndpointView);
    },

    async create(actor: TActor, request: TCreateWebhookEndpointRequest): Promise<TWebhookEndpointWithSecret> {
      const orgId = orgOf(actor);
      await checkTarget(request.url, policy);
      const row = await db.transaction(async (tx) => {
        if ((await listEndpoints(tx, orgId)).length >= MAX_ENDPOINTS_PER_ORG) {
          throw new AppError(
            'conflict',
            `An organization can have at most ${MAX_ENDPOINTS_PER_ORG} webhook endpoints.`,
          );
        }
        const created = await insertEndpoint(tx, {
          organizationId: orgId,
          url: request.url,
          description: request.description,
          events: request.events,
          secret: generateWebhookSecret(),
          createdBy: actor.userId,
        });
        await recordAudit(tx, {
          entity: 'webhook_endpoint',
          entityId: created.id,
          action: 'create',
          after: auditedEndpoint(created),
          actorUserId: actor.userId,
        });
        return created;
      });
      return { ...toEndpointView(row), secret: row.secret };
    },

    async update(actor: TActor, id: string, request: TUpdateWebhookEndpointRequest): Promise<TWebhookEndpoint> {
      const orgId = orgOf(actor);
      if (request.url !== undefined) await checkTarget(request.url, policy);
      const row = await db.transaction(async (tx) => {
        const before = await endpointOrNotFound(tx, orgId, id);
        const disabledAt =
          request.disabled === undefined ? before.disabledAt : request.disabled ? (before.disabledAt ?? clock()) : null;
        const after = await updateEndpoint(tx, id, {
          ...(request.url !== undefined ? { url: request.url } : {}),
          ...(request.description !== undefined ? { description: request.description } : {}),
          ...(request.events !== undefined ? { events: request.events } : {}),
          disabledAt,
        });
        await recordAudit(tx, {
          entity: 'webhook_endpoint',
          entityId: id,
          action: 'update',
          before: auditedEndpoint(before),
          after: auditedEndpoint(after),
          actorUserId: actor.userId,
        });
        return after;
      });
      return toEndpointView(row);
    },

    async remove(actor: TActor, id: string) {
      const orgId = orgOf(actor);
      await db.transaction(async (tx) => {
        const before = await endpointOrNotFound(tx, orgId, id);
        await deleteEndpoint(tx, id);
        await recordAudit(tx, {
          entity: 'webhook_endpoint',
          entityId: id,
          action: 'delete',
          before: auditedEndpoint(before),
          actorUserId: actor.userId,
        });
      });
    },

    /** A new signing secret, shown once; the old one signs nothing from now on. */
    async rotateSecret(actor: TActor, id: string): Promise<TWebhookEndpointWithSecret> {
      const orgId = orgOf(actor);
      const row = await db.transaction(async (tx) => {
        const before = await endpointOrNotFound(tx, orgId, id);
        const after = await updateEndpoint(tx, id, { secret: generateWebhookSecret() });
        await recordAudit(tx, {
          entity: 'webhook_endpoint',
          entityId: id,
          action: 'rotate_secret',
          before: auditedEndpoint(before),
          after: auditedEndpoint(after),
          actorUserId: actor.userId,
        });
        return after;
      });
      return { ...toEndpointView(row), secret: row.secret };
    },

    async deliveries(actor: TActor, id: string, query: TWebhookDeliveryQuery): Promise<TWebhookDeliveryPage> {
      const orgId = orgOf(actor);
      return deliveriesOf(() => findEndpoint(db, orgId, id), query);
    },

    /** The same delivery (same id and body) sent again from its first attempt. */
    async replay(actor: TActor, id: string, deliveryId: string): Promise<TWebhookDelivery> {
      const orgId = orgOf(actor);
      const row = await db.transaction(async (tx) => {
        const endpoint = await endpointOrNotFound(tx, orgId, id);
        const delivery = await findDelivery(tx, endpoint.id, deliveryId);
        if (!delivery) throw new AppError('not_found', 'Delivery not found.');
        if (delivery.status === 'pending') {
          throw new AppError('conflict', 'This delivery is still being attempted; replay it once it has ended.');
        }
        const requeued = await requeueDelivery(tx, delivery.id, clock());
        await recordAudit(tx, {
          entity: 'webhook_endpoint',
          entityId: endpoint.id,
          action: 'replay_delivery',
          before: { deliveryId: delivery.id, status: delivery.status, attempts: delivery.attempts },
          after: { deliveryId: delivery.id, status: requeued.status },
          actorUserId: actor.userId,
        });
        return requeued;
      });
      return toDeliveryView(row);
    },

    /** Queues a `webhook.test` delivery to this endpoint only (even when disabled or not subscribed). */
    async sendTest(actor: TActor, id: string): Promise<TWebhookDelivery> {
      const orgId = orgOf(actor);
      const row = await db.transaction(async (tx) => {
        const endpoint = await endpointOrNotFound(tx, orgId, id);
        const delivery = await insertDelivery(tx, {
          endpointId: endpoint.id,
          event: WEBHOOK_TEST_EVENT,
          payload: { message: 'A test event from SpaceCapture.' },
        });
        await recordAudit(tx, {
          entity: 'webhook_endpoint',
          entityId: endpoint.id,
          action: 'send_test',
          after: { deliveryId: delivery.id },
          actorUserId: actor.userId,
        });
        return delivery;
      });
      return toDeliveryView(row);
    },
  };
}

export type TWebhooksService = ReturnType<typeof createWebhooksService>;
