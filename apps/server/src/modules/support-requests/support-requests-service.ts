import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type {
  TAdminSupportRequest,
  TAdminSupportRequestDetail,
  TAdminSupportRequestList,
  TAdminSupportRequestsQuery,
  TAssignSupportRequest,
  TSupportReplyRequest,
} from '@spacecapture/shared/contracts/admin-console/support-requests';
import { SUPPORT_INBOX_MESSAGES } from '@spacecapture/shared/contracts/admin-console/support-requests';
import type { TCustomerSupportRequest, TSupportRequest } from '@spacecapture/shared/contracts/customer-portal';
import { AppError } from '@spacecapture/shared/errors';
import { adminSupportRequestPath, CUSTOMER_SUPPORT_PATH } from '@spacecapture/shared/portal-paths';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import {
  canTransition,
  SUPPORT_REQUEST_MACHINE,
  type TSupportRequestStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { findProfile, hasAnyRole, listUsersWithRoles } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { notifyScope } from '../notifications/notifications-service.ts';
import { findOrgOrder } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { supportAnswerEmails, supportFollowUpEmails, supportRequestEmail } from './support-request-emails.ts';
import {
  findSupportRequestWithNames,
  insertSupportReply,
  insertSupportRequest,
  listRepliesOf,
  listSupportRequestPage,
  listSupportRequestsOfOrg,
  lockSupportRequest,
  type TSupportRequestRow,
  type TSupportRequestWithNames,
  updateSupportRequest,
} from './support-requests-repository.ts';

/** The customer's Support tab shows this many requests, the most recently active first. */
const CUSTOMER_SUPPORT_LIST_LIMIT = 50;

type TReplyRows = Awaited<ReturnType<typeof listRepliesOf>>;

function actorRef(userId: string | null, person: { email: string | null; name: string | null } | null) {
  return userId ? { userId, email: person?.email ?? null, name: person?.name ?? null } : null;
}

function toAdminView(row: TSupportRequestWithNames): TAdminSupportRequest {
  const { request } = row;
  return {
    id: request.id,
    subject: request.subject,
    message: request.message,
    status: request.status as TSupportRequestStatus,
    organization: row.organization?.id ? { id: row.organization.id, name: row.organization.name } : null,
    user: actorRef(request.userId, row.requester),
    assignee: actorRef(request.assigneeUserId, row.assignee),
    order: row.order?.id ? { id: row.order.id, title: row.order.title } : null,
    replyCount: Number(row.replyCount),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

function toCustomerView(row: TSupportRequestWithNames, replies: TReplyRows): TCustomerSupportRequest {
  const { request } = row;
  return {
    id: request.id,
    subject: request.subject,
    message: request.message,
    status: request.status as TSupportRequestStatus,
    order: row.order?.id ? { id: row.order.id, title: row.order.title } : null,
    requesterName: row.requester?.name ?? null,
    replies: replies
      .filter(({ reply }) => reply.requestId === request.id)
      .map(({ reply, authorName }) => ({
        id: reply.id,
        message: reply.message,
        fromAdmin: reply.fromAdmin,
        // Admins answer as the support team; the customer sees its own members by name.
        authorName: reply.fromAdmin ? null : authorName,
        createdAt: reply.createdAt.toISOString(),
      })),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

function assertMove(from: string, to: TSupportRequestStatus) {
  if (!canTransition(SUPPORT_REQUEST_MACHINE, from as TSupportRequestStatus, to)) {
    throw new AppError('conflict', transitionRefusal(SUPPORT_REQUEST_MACHINE, from, to));
  }
}

/**
 * Support requests (spec 001 §7, decision 204): a customer's request is stored with an audit entry
 * and e-mailed to the company address; admins answer it in their inbox (each answer e-mailed to
 * the customer who asked and shown in the customer's portal), assign it and close it; the customer's
 * reply opens it again. Every change is audited in its own transaction.
 */
export function createSupportRequestsService(deps: {
  db: TDatabase;
  clock: () => Date;
  companyEmail: string;
  /** Base of the links in e-mails. */
  publicUrl: string;
}) {
  const { db, clock, companyEmail, publicUrl } = deps;

  async function adminDetail(executor: TExecutor, id: string): Promise<TAdminSupportRequestDetail> {
    const row = await findSupportRequestWithNames(executor, id);
    if (!row) throw new AppError('not_found', 'Support request not found.');
    const replies = await listRepliesOf(executor, [id]);
    return {
      ...toAdminView(row),
      replies: replies.map(({ reply, authorEmail, authorName }) => ({
        id: reply.id,
        message: reply.message,
        fromAdmin: reply.fromAdmin,
        author: actorRef(reply.authorUserId, { email: authorEmail, name: authorName }),
        createdAt: reply.createdAt.toISOString(),
      })),
    };
  }

  /** Locks the request; another organisation's is not found for a customer. */
  async function lockRequest(tx: TExecutor, id: string, orgId?: string) {
    const request = await lockSupportRequest(tx, id);
    if (!request || (orgId !== undefined && request.orgId !== orgId)) {
      throw new AppError('not_found', 'Support request not found.');
    }
    return request;
  }

  async function appendReply(
    tx: TExecutor,
    request: TSupportRequestRow,
    actor: TActor,
    input: TSupportReplyRequest,
    fromAdmin: boolean,
  ) {
    // An admin's reply answers the request; the customer's opens it again.
    const to: TSupportRequestStatus = fromAdmin ? 'answered' : 'open';
    assertMove(request.status, to);
    const now = clock();
    const reply = await insertSupportReply(tx, {
      requestId: request.id,
      authorUserId: actor.userId,
      fromAdmin,
      message: input.message,
      createdAt: now,
    });
    const updated = await updateSupportRequest(tx, request.id, { status: to }, now);
    await recordAudit(tx, {
      entity: 'support_request',
      entityId: request.id,
      action: 'reply',
      before: request,
      after: { ...updated, replyId: reply.id, reply: reply.message },
      actorUserId: actor.userId,
    });
    return updated;
  }

  return {
    async create(actor: TActor, orgId: string, input: TSupportRequest) {
      const row = await db.transaction(async (tx) => {
        const order = input.orderId ? await findOrgOrder(tx, orgId, input.orderId) : null;
        if (input.orderId && !order) {
          throw new AppError('not_found', 'Order not found.', { orderId: 'Choose one of your orders.' });
        }
        const created = await insertSupportRequest(tx, {
          orgId,
          userId: actor.userId,
          orderId: order?.id ?? null,
          subject: input.subject,
          message: input.message,
        });
        await recordAudit(tx, {
          entity: 'support_request',
          entityId: created.id,
          action: 'create',
          after: created,
          actorUserId: actor.userId,
        });
        await enqueueEmails(tx, [
          supportRequestEmail({
            request: created,
            orderTitle: order?.title ?? null,
            recipients: [companyEmail],
            link: `${publicUrl}${adminSupportRequestPath(created.id)}`,
          }),
        ]);
        return created;
      });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },

    /** The admins' inbox: newest first, filtered by status, assignee ("me", "none" or an id), organisation, order. */
    async list(query: TAdminSupportRequestsQuery, actor: TActor): Promise<TAdminSupportRequestList> {
      const assigneeUserId =
        query.assignee === 'me' ? actor.userId : query.assignee === 'none' ? null : (query.assignee ?? undefined);
      const rows = await listSupportRequestPage(db, {
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        q: query.q,
        status: query.status,
        orgId: query.orgId,
        orderId: query.orderId,
        assigneeUserId,
      });
      return toPage(rows, query.limit, (row) => row.request.id, toAdminView);
    },

    detail(id: string): Promise<TAdminSupportRequestDetail> {
      return adminDetail(db, id);
    },

    /** Who a request can be assigned to: every admin. */
    async assignees() {
      return { items: await listUsersWithRoles(db, ADMIN_ROLES) };
    },

    /**
     * An admin's answer: added to the thread, the request answered, the customer who asked e-mailed
     * and told in the app. A closed request takes no answer until the customer writes again.
     */
    async replyAsAdmin(id: string, input: TSupportReplyRequest, actor: TActor) {
      return db.transaction(async (tx) => {
        const request = await lockRequest(tx, id);
        if (request.status === 'closed') throw new AppError('conflict', SUPPORT_INBOX_MESSAGES.closedNoReply);
        const updated = await appendReply(tx, request, actor, input, true);
        const requester = request.userId ? await findProfile(tx, request.userId) : undefined;
        if (requester) {
          await enqueueEmails(
            tx,
            supportAnswerEmails({
              request: updated,
              message: input.message,
              recipients: [requester.email],
              link: `${publicUrl}${CUSTOMER_SUPPORT_PATH}`,
            }),
          );
          await notifyScope(
            tx,
            { users: [requester.userId] },
            {
              type: 'support_replied',
              title: `Reply: ${request.subject}`,
              body: input.message,
              link: CUSTOMER_SUPPORT_PATH,
            },
          );
        }
        return adminDetail(tx, id);
      });
    },

    /** Assigns an admin (or nobody); the status stays. */
    async assign(id: string, input: TAssignSupportRequest, actor: TActor) {
      return db.transaction(async (tx) => {
        const request = await lockRequest(tx, id);
        const { assigneeUserId } = input;
        if (assigneeUserId && !(await hasAnyRole(tx, assigneeUserId, ADMIN_ROLES))) {
          throw new AppError('validation_failed', SUPPORT_INBOX_MESSAGES.notAnAdmin, {
            assigneeUserId: SUPPORT_INBOX_MESSAGES.notAnAdmin,
          });
        }
        const updated = await updateSupportRequest(tx, id, { assigneeUserId }, clock());
        await recordAudit(tx, {
          entity: 'support_request',
          entityId: id,
          action: 'assign',
          before: request,
          after: updated,
          actorUserId: actor.userId,
        });
        if (assigneeUserId && assigneeUserId !== actor.userId) {
          await notifyScope(
            tx,
            { users: [assigneeUserId] },
            {
              type: 'support_replied',
              title: `Assigned to you: ${request.subject}`,
              body: request.message,
              link: adminSupportRequestPath(id),
            },
          );
        }
        return adminDetail(tx, id);
      });
    },

    async close(id: string, actor: TActor) {
      return db.transaction(async (tx) => {
        const request = await lockRequest(tx, id);
        assertMove(request.status, 'closed');
        const updated = await updateSupportRequest(tx, id, { status: 'closed' }, clock());
        await recordAudit(tx, {
          entity: 'support_request',
          entityId: id,
          action: 'close',
          before: request,
          after: updated,
          actorUserId: actor.userId,
        });
        return adminDetail(tx, id);
      });
    },

    /** The organisation's requests with their threads (the customer's Support tab). */
    async listOfOrg(orgId: string): Promise<{ items: TCustomerSupportRequest[] }> {
      const rows = await listSupportRequestsOfOrg(db, orgId, CUSTOMER_SUPPORT_LIST_LIMIT);
      const replies = await listRepliesOf(
        db,
        rows.map((row) => row.request.id),
      );
      return { items: rows.map((row) => toCustomerView(row, replies)) };
    },

    /**
     * The customer's reply: added to the thread, the request open again (closed ones too), the
     * company e-mailed and the assigned admin (or every admin) told in the app.
     */
    async replyAsCustomer(actor: TActor, orgId: string, id: string, input: TSupportReplyRequest) {
      return db.transaction(async (tx) => {
        const request = await lockRequest(tx, id, orgId);
        const updated = await appendReply(tx, request, actor, input, false);
        const link = adminSupportRequestPath(id);
        await enqueueEmails(
          tx,
          supportFollowUpEmails({
            request: updated,
            message: input.message,
            recipients: [companyEmail],
            link: `${publicUrl}${link}`,
          }),
        );
        await notifyScope(tx, request.assigneeUserId ? { users: [request.assigneeUserId] } : { roles: ADMIN_ROLES }, {
          type: 'support_replied',
          title: `Customer reply: ${request.subject}`,
          body: input.message,
          link,
        });
        const row = await findSupportRequestWithNames(tx, id);
        return toCustomerView(row!, await listRepliesOf(tx, [id]));
      });
    },
  };
}

export type TSupportRequestsService = ReturnType<typeof createSupportRequestsService>;
