import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type {
  TAttachmentLink,
  TAuthorSide,
  TConversation,
  TInbox,
  TInboxQuery,
  TMessagePreferences,
  TMessagePreferencesRequest,
  TOrderConversations,
  TPostMessageRequest,
  TUnreadCount,
} from '@spacecapture/shared/contracts/conversations';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TLinkSigner } from '../storage/download-links.ts';
import type { TFileStore } from '../storage/file-store.ts';
import {
  adminIds,
  ensureConversation,
  findAcceptedAssignment,
  findAcceptedAssignmentOfOrder,
  findAttachment,
  findConversation,
  findDigestPreference,
  findOrderRow,
  findOrgOrderRow,
  insertAttachments,
  insertMessage,
  listInbox,
  markRead,
  memberIdsOf,
  setAssignedAdmin,
  setDigestPreference,
  type TConversationRow,
  type TMessageRow,
  unreadCounts,
} from './conversations-repository.ts';
import { toConversationView } from './conversations-view.ts';
import type { TReceivedAttachment } from './message-attachments.ts';
import { sendMessageDigests } from './message-digests.ts';

/** Seconds a signed attachment link stays valid (as deliverable links). */
export const ATTACHMENT_LINK_TTL_SECONDS = 300;

/** Told of every posted message inside the posting transaction (in-app notifications subscribe here). */
export type TMessagePostedListener = (event: {
  tx: TExecutor;
  conversation: TConversationRow;
  message: TMessageRow;
  recipientUserIds: string[];
}) => Promise<void> | void;

const notFound = () => new AppError('not_found', 'Conversation not found.');

function sideOf(role: string): TAuthorSide {
  if (role === 'master_admin' || role === 'admin') return 'admin';
  if (role === 'provider_admin' || role === 'provider_user') return 'provider';
  return 'customer';
}

/** Everyone on a conversation: the other organisation's members and every admin. */
export async function participantIdsOf(db: TExecutor, conversation: TConversationRow) {
  const [members, admins] = await Promise.all([memberIdsOf(db, conversation.organizationId), adminIds(db)]);
  return [...new Set([...members, ...admins])];
}

/**
 * Conversations on orders (decision 119). Every entry point resolves the conversation from what
 * the caller may see (their organisation's order, their organisation's accepted assignment, or any
 * for admins) and acts on that conversation only.
 */
export function createConversationsService(deps: {
  db: TDatabase;
  clock: () => Date;
  files: TFileStore;
  publicUrl: string;
  signer: TLinkSigner;
}) {
  const { db, clock, files, signer } = deps;
  const listeners: TMessagePostedListener[] = [];

  async function customerConversation(actor: TActor, orderId: string) {
    if (!actor.orgId) throw notFound();
    const order = await findOrgOrderRow(db, actor.orgId, orderId);
    if (!order) throw new AppError('not_found', 'Order not found.');
    return ensureConversation(db, {
      kind: 'order_customer',
      orderId: order.id,
      assignmentId: null,
      organizationId: order.customerOrgId,
    });
  }

  /** Only an accepted assignment has a conversation: before acceptance it does not exist (404). */
  async function providerConversation(actor: TActor, assignmentId: string) {
    if (!actor.orgId) throw notFound();
    const assignment = await findAcceptedAssignment(db, assignmentId, actor.orgId);
    if (!assignment) throw new AppError('not_found', 'Job not found.');
    return ensureConversation(db, {
      kind: 'assignment_provider',
      orderId: assignment.orderId,
      assignmentId: assignment.id,
      organizationId: assignment.providerOrgId,
    });
  }

  async function adminConversation(conversationId: string) {
    const conversation = await findConversation(db, conversationId);
    if (!conversation) throw notFound();
    return conversation;
  }

  async function view(conversation: TConversationRow, actor: TActor): Promise<TConversation> {
    return toConversationView(db, conversation, { userId: actor.userId, side: sideOf(actor.role) });
  }

  async function post(
    conversation: TConversationRow,
    actor: TActor,
    request: TPostMessageRequest,
    received: readonly TReceivedAttachment[],
  ): Promise<TConversation> {
    const adopted: string[] = [];
    try {
      for (const file of received) {
        await files.adopt(file.tempPath, file.storageKey);
        adopted.push(file.storageKey);
      }
      await db.transaction(async (tx) => {
        const message = await insertMessage(tx, {
          conversationId: conversation.id,
          authorUserId: actor.userId,
          authorSide: sideOf(actor.role),
          body: request.body,
          createdAt: clock(),
        });
        await insertAttachments(
          tx,
          received.map((file) => ({
            messageId: message.id,
            storageKey: file.storageKey,
            originalName: file.originalName,
            contentType: file.contentType,
            size: file.size,
          })),
        );
        await markRead(tx, conversation.id, actor.userId, message.createdAt);
        await recordAudit(tx, {
          entity: 'conversation',
          action: 'post_message',
          entityId: conversation.id,
          after: { messageId: message.id, attachments: received.length },
          actorUserId: actor.userId,
        });
        const recipientUserIds = (await participantIdsOf(tx, conversation)).filter((id) => id !== actor.userId);
        for (const listener of listeners) await listener({ tx, conversation, message, recipientUserIds });
      });
    } catch (error) {
      await Promise.all(adopted.map((key) => files.remove(key).catch(() => undefined)));
      throw error;
    }
    return view((await findConversation(db, conversation.id)) ?? conversation, actor);
  }

  async function read(conversation: TConversationRow, actor: TActor) {
    await db.transaction((tx) => markRead(tx, conversation.id, actor.userId, conversation.lastMessageAt ?? clock()));
    return view(conversation, actor);
  }

  async function link(conversation: TConversationRow, attachmentId: string, urlPrefix: string) {
    const found = await findAttachment(db, attachmentId);
    if (!found || found.conversationId !== conversation.id) throw new AppError('not_found', 'Attachment not found.');
    const expiresAt = Math.floor(clock().getTime() / 1000) + ATTACHMENT_LINK_TTL_SECONDS;
    return {
      url: `${urlPrefix}/${signer.sign(found.attachment.id, found.attachment.storageKey, expiresAt)}`,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    } satisfies TAttachmentLink;
  }

  return {
    /** Subscribes to every posted message; the listener runs inside the posting transaction. */
    onMessagePosted(listener: TMessagePostedListener) {
      listeners.push(listener);
    },

    customer: {
      async get(actor: TActor, orderId: string) {
        return view(await customerConversation(actor, orderId), actor);
      },
      async post(actor: TActor, orderId: string, request: TPostMessageRequest, received: TReceivedAttachment[]) {
        return post(await customerConversation(actor, orderId), actor, request, received);
      },
      async read(actor: TActor, orderId: string) {
        return read(await customerConversation(actor, orderId), actor);
      },
      async link(actor: TActor, orderId: string, attachmentId: string, urlPrefix: string) {
        return link(await customerConversation(actor, orderId), attachmentId, urlPrefix);
      },
    },

    provider: {
      async get(actor: TActor, assignmentId: string) {
        return view(await providerConversation(actor, assignmentId), actor);
      },
      async post(actor: TActor, assignmentId: string, request: TPostMessageRequest, received: TReceivedAttachment[]) {
        return post(await providerConversation(actor, assignmentId), actor, request, received);
      },
      async read(actor: TActor, assignmentId: string) {
        return read(await providerConversation(actor, assignmentId), actor);
      },
      async link(actor: TActor, assignmentId: string, attachmentId: string, urlPrefix: string) {
        return link(await providerConversation(actor, assignmentId), attachmentId, urlPrefix);
      },
    },

    admin: {
      /** The order's customer conversation, and its provider conversation once an assignment was accepted. */
      async ofOrder(actor: TActor, orderId: string): Promise<TOrderConversations> {
        const order = await findOrderRow(db, orderId);
        if (!order) throw new AppError('not_found', 'Order not found.');
        const customer = await ensureConversation(db, {
          kind: 'order_customer',
          orderId: order.id,
          assignmentId: null,
          organizationId: order.customerOrgId,
        });
        const assignment = await findAcceptedAssignmentOfOrder(db, order.id);
        const provider = assignment
          ? await ensureConversation(db, {
              kind: 'assignment_provider',
              orderId: order.id,
              assignmentId: assignment.id,
              organizationId: assignment.providerOrgId,
            })
          : null;
        return { customer: await view(customer, actor), provider: provider ? await view(provider, actor) : null };
      },
      async get(actor: TActor, conversationId: string) {
        return view(await adminConversation(conversationId), actor);
      },
      async post(actor: TActor, conversationId: string, request: TPostMessageRequest, received: TReceivedAttachment[]) {
        return post(await adminConversation(conversationId), actor, request, received);
      },
      async read(actor: TActor, conversationId: string) {
        return read(await adminConversation(conversationId), actor);
      },
      async link(_actor: TActor, conversationId: string, attachmentId: string, urlPrefix: string) {
        return link(await adminConversation(conversationId), attachmentId, urlPrefix);
      },
      async assignToMe(actor: TActor, conversationId: string) {
        const conversation = await adminConversation(conversationId);
        const updated = await db.transaction(async (tx) => {
          const row = await setAssignedAdmin(tx, conversation.id, actor.userId);
          await recordAudit(tx, {
            entity: 'conversation',
            action: 'assign',
            entityId: conversation.id,
            before: { assignedAdminId: conversation.assignedAdminId },
            after: { assignedAdminId: actor.userId },
            actorUserId: actor.userId,
          });
          return row ?? conversation;
        });
        return view(updated, actor);
      },
      async inbox(actor: TActor, query: TInboxQuery): Promise<TInbox> {
        const rows = await listInbox(db, query.filter, actor.userId);
        const counts = await unreadCounts(db, actor.userId, {
          conversationIds: rows.map((row) => row.conversation.id),
        });
        const all = await unreadCounts(db, actor.userId, {});
        return {
          items: rows.map((row) => ({
            id: row.conversation.id,
            kind: row.conversation.kind as 'order_customer' | 'assignment_provider',
            orderId: row.conversation.orderId,
            orderTitle: row.orderTitle,
            organizationName: row.organizationName,
            assignedAdminId: row.conversation.assignedAdminId,
            assignedAdminName: row.assignedAdminName,
            lastMessageAt: row.conversation.lastMessageAt?.toISOString() ?? null,
            unreadCount: counts.get(row.conversation.id) ?? 0,
          })),
          unreadTotal: [...all.values()].reduce((sum, count) => sum + count, 0),
        };
      },
    },

    /** Unread messages of the caller across the conversations they take part in. */
    async unread(actor: TActor): Promise<TUnreadCount> {
      const side = sideOf(actor.role);
      if (side !== 'admin' && !actor.orgId) return { unread: 0 };
      const counts = await unreadCounts(
        db,
        actor.userId,
        side === 'admin' ? {} : { organizationId: actor.orgId ?? undefined },
      );
      return { unread: [...counts.values()].reduce((sum, count) => sum + count, 0) };
    },

    async preferences(actor: TActor): Promise<TMessagePreferences> {
      return { emailDigests: await findDigestPreference(db, actor.userId) };
    },
    async setPreferences(actor: TActor, request: TMessagePreferencesRequest): Promise<TMessagePreferences> {
      await db.transaction((tx) => setDigestPreference(tx, actor.userId, request.emailDigests));
      return request;
    },

    /** One digest pass on the app clock (the worker calls it every 15 minutes). */
    sendDigests() {
      return sendMessageDigests({ db, now: clock(), publicUrl: deps.publicUrl });
    },

    /** The file a signed attachment link names, when the token is ours, unchanged and unexpired. */
    async resolveLink(token: string) {
      const refused = new AppError('forbidden', 'This download link is not valid or has expired.');
      const claims = signer.read(token);
      if (!claims) throw new AppError('not_found', 'Download link not found.');
      const found = await findAttachment(db, claims.deliverableId);
      if (!found || !signer.verify(claims, found.attachment.storageKey)) throw refused;
      if (claims.expiresAt * 1000 <= clock().getTime()) throw refused;
      return {
        key: found.attachment.storageKey,
        fileName: found.attachment.originalName,
        contentType: found.attachment.contentType,
      };
    },
  };
}

export type TConversationsService = ReturnType<typeof createConversationsService>;
