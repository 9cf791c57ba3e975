import { afterCommit } from '@spacecapture/db/after-commit';
import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  type TAssignment,
  type TAssignmentQueue,
  type TConfirmScheduleResponse,
  type TCreateAssignmentRequest,
  type TProposeScheduleRequest,
  type TProviderOptions,
  WORKFLOW_MESSAGES,
} from '@spacecapture/shared/contracts/admin-workflow';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { AppError } from '@spacecapture/shared/errors';
import { formatDateTime, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import type { TNotificationEventType } from '@spacecapture/shared/notifications';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import {
  ASSIGNABLE_ORDER_STATUSES,
  ASSIGNMENT_MACHINE,
  canTransition,
  ORDER_MACHINE,
  type TAssignmentStatus,
  type TOrderStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { emailRecipientsOf, notifyScope } from '../notifications/notifications-service.ts';
import { offerAnsweredEmails, offerEmails, offerWithdrawnEmails } from '../orders/order-emails.ts';
import { assertOrderMove, moveOrder } from '../orders/order-moves.ts';
import {
  findOrder,
  findOrganizationRow,
  insertJobEvent,
  latestProposalsOf,
  listOrdersInStatuses,
  lockOrder,
  providerEmailsFor,
  type TOrderRow,
} from '../orders/orders-repository.ts';
import { toOrderView, toProposalView } from '../orders/orders-view.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { hasAcceptedQuote } from '../quotes/quotes-repository.ts';
import { readFeatureFlags } from '../settings/feature-flags-repository.ts';
import {
  certificationsOf,
  devicesOf,
  findAssignment,
  findDueOffers,
  insertAssignment,
  latestAssignmentsOf,
  listActiveProviders,
  lockAssignment,
  lockLiveAssignmentOf,
  serviceRegionsOf,
  type TAssignmentRow,
  updateAssignment,
} from './assignments-repository.ts';
import { toAssignmentView } from './assignments-view.ts';
import { createScheduleMoves, DEFAULT_MAX_WINDOW_MS, windowTooLong } from './schedule-moves.ts';

/** Who may answer an offer: the provider organisation it was made to (another one's is not found). */
export type TOfferScope = { providerOrgId?: string };

const PROVIDER_PICKER_LIMIT = 500;

function assertAssignmentMove(from: string, to: TAssignmentStatus) {
  if (!canTransition(ASSIGNMENT_MACHINE, from as TAssignmentStatus, to)) {
    throw new AppError('conflict', transitionRefusal(ASSIGNMENT_MACHINE, from, to));
  }
}

function offerExpiredRefusal(assignment: TAssignmentRow) {
  return new AppError(
    'conflict',
    `This offer expired on ${formatDateTime(assignment.respondBy, SERVER_TIME_ZONE)} and can no longer be accepted or declined.`,
  );
}

/**
 * Assignments (spec 001 §2 /admin/assignments, §4): the queue of assignable orders, the provider
 * picker, offers to a provider with an acceptance deadline, the provider's answer and proposed
 * window, the admin's confirmation, and the expiry of unanswered offers. Every change locks the
 * order first, then the assignment (one lock order, so two changes never deadlock), and writes its
 * job event, one audit entry and its e-mails in the same transaction.
 */
/**
 * The members of a provider organisation to e-mail about an event: none when the organisation
 * turned the topic off (decision 060), and of the rest those whose own e-mail preference is on.
 */
async function providerEmailsOf(
  tx: TExecutor,
  orgId: string,
  topic: Parameters<typeof providerEmailsFor>[2],
  eventType: TNotificationEventType,
) {
  const wanted = new Set(await emailRecipientsOf(tx, { org: orgId }, eventType));
  return (await providerEmailsFor(tx, orgId, topic)).filter((email) => wanted.has(email));
}

/** Told after the commit of an offer's answer or expiry. */
export const OFFER_ANSWERED = 'assignments:offer-answered';

export function createAssignmentsService(deps: {
  db: TDatabase;
  clock: () => Date;
  companyEmail: string;
  /** Longest window a provider may propose (SCHEDULE_WINDOW_MAX_HOURS). */
  maxScheduleWindowMs?: number;
}) {
  const { db, clock, companyEmail } = deps;
  const maxWindowMs = deps.maxScheduleWindowMs ?? DEFAULT_MAX_WINDOW_MS;
  const scheduleMoves = createScheduleMoves({ clock, companyEmail, maxWindowMs });

  /**
   * Where an order goes when its offer falls through: back to approved when the customer accepted
   * a quote for it, else back to triage (it was assigned straight from triage).
   */
  async function returnStatusOf(tx: TExecutor, orderId: string): Promise<TOrderStatus> {
    return (await hasAcceptedQuote(tx, orderId)) ? 'approved' : 'triage';
  }

  async function providerName(tx: TExecutor, orgId: string) {
    return (await findOrganizationRow(tx, orgId))?.name ?? 'The provider';
  }

  /**
   * The admins hear in the app of an offer's answer, as the company address does by e-mail; after
   * the commit, OFFER_ANSWERED lets an auto-offer cascade take its next step at once.
   */
  async function notifyAdminsOfAnswer(
    tx: TExecutor,
    order: TOrderRow,
    outcome: 'accepted' | 'declined' | 'expired',
    name: string,
  ) {
    afterCommit(tx, OFFER_ANSWERED);
    await notifyScope(
      tx,
      { roles: ADMIN_ROLES },
      {
        type: 'offer_answered',
        title: `Offer ${outcome}: ${order.title}`,
        body: outcome === 'expired' ? `${name} did not answer the offer in time.` : `${name} ${outcome} the job.`,
        link: PORTAL_PATHS.admin.assignments,
      },
    );
  }

  async function orderView(tx: TExecutor, order: TOrderRow) {
    const org = await findOrganizationRow(tx, order.customerOrgId);
    return toOrderView(order, { id: order.customerOrgId, name: org?.name ?? '' });
  }

  /** Locks the assignment's order, then the assignment. */
  async function lockOffer(tx: TExecutor, id: string, scope: TOfferScope) {
    const found = await findAssignment(tx, id);
    if (!found || (scope.providerOrgId && found.assignment.providerOrgId !== scope.providerOrgId)) {
      throw new AppError('not_found', 'Assignment not found.');
    }
    const order = await lockOrder(tx, found.assignment.orderId);
    const assignment = await lockAssignment(tx, id);
    if (!order || !assignment) throw new AppError('not_found', 'Assignment not found.');
    return { order, assignment, providerOrg: found.providerOrg };
  }

  /** Marks an unanswered offer expired and returns its order to the queue (worker, or a late answer). */
  async function expireOffer(tx: TExecutor, order: TOrderRow, assignment: TAssignmentRow) {
    assertAssignmentMove(assignment.status, 'expired');
    const expired = await updateAssignment(tx, assignment.id, { status: 'expired' }, clock());
    const orderAfter =
      order.status === 'assigned'
        ? await moveOrder(tx, order, await returnStatusOf(tx, order.id), {
            actorUserId: null,
            at: clock(),
            metadata: { assignmentId: assignment.id, reason: 'offer_expired' },
          })
        : order;
    await recordAudit(tx, {
      entity: 'assignment',
      entityId: assignment.id,
      action: 'expire',
      before: assignment,
      after: { ...expired, orderStatus: orderAfter.status },
      actorUserId: null,
    });
    await enqueueEmails(
      tx,
      offerAnsweredEmails({
        order: orderAfter,
        providerName: await providerName(tx, assignment.providerOrgId),
        outcome: 'expired',
        orderStatus: orderAfter.status,
        recipients: [companyEmail],
      }),
    );
    await notifyAdminsOfAnswer(tx, orderAfter, 'expired', await providerName(tx, assignment.providerOrgId));
    return expired;
  }

  /** A provider's answer: an offer past its deadline expires instead (committed), then a 409. */
  async function answerOffer(
    id: string,
    scope: TOfferScope,
    apply: (
      tx: TExecutor,
      offer: { order: TOrderRow; assignment: TAssignmentRow; providerOrg: { id: string; name: string } },
    ) => Promise<TAssignment>,
  ): Promise<TAssignment> {
    const outcome = await db.transaction(async (tx) => {
      const offer = await lockOffer(tx, id, scope);
      const { assignment } = offer;
      if (assignment.status === 'offered' && assignment.respondBy.getTime() <= clock().getTime()) {
        return { kind: 'expired' as const, row: await expireOffer(tx, offer.order, assignment) };
      }
      if (assignment.status === 'expired') throw offerExpiredRefusal(assignment);
      return { kind: 'answered' as const, view: await apply(tx, offer) };
    });
    if (outcome.kind === 'expired') throw offerExpiredRefusal(outcome.row);
    return outcome.view;
  }

  /**
   * Offers an order to a provider inside the caller's transaction (the admin's Create Assignment,
   * or the auto-offer cascade with no actor): withdraws the live offer, inserts the new one with its
   * deadline, moves the order to assigned, audits, e-mails and tells the provider.
   */
  async function offerIn(
    tx: TExecutor,
    request: TCreateAssignmentRequest & { compensation: number },
    actorUserId: string | null,
  ) {
    const { compensation } = request;
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw new AppError('not_found', 'Order not found.');
    if (!(ASSIGNABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
      throw new AppError('conflict', transitionRefusal(ORDER_MACHINE, order.status, 'assigned'));
    }
    const provider = await findOrganizationRow(tx, request.providerOrgId, { forShare: true });
    if (provider?.type !== 'provider' || provider.status !== 'active') {
      throw new AppError('validation_failed', 'Choose an active provider organization.', {
        providerOrgId: 'Choose an active provider organization.',
      });
    }
    const live = await lockLiveAssignmentOf(tx, order.id);
    if (live?.providerOrgId === provider.id) {
      throw new AppError('conflict', `${provider.name} already has this job (${live.status}).`);
    }
    // An accepted job is the provider's: taking it from them is a reassignment, which needs a reason
    // they are told (an offer merely waiting for an answer is withdrawn without one).
    const reassignReason = live?.status === 'accepted' ? request.reassignReason : null;
    if (live?.status === 'accepted' && !reassignReason) {
      const holder = await findOrganizationRow(tx, live.providerOrgId);
      throw new AppError(
        'conflict',
        `${holder?.name ?? 'A provider'} has accepted this job. ${WORKFLOW_MESSAGES.reassignReason}`,
        { reassignReason: WORKFLOW_MESSAGES.reassignReason },
      );
    }
    if (live) {
      assertAssignmentMove(live.status, 'withdrawn');
      await updateAssignment(tx, live.id, { status: 'withdrawn' }, clock());
    }
    const flags = await readFeatureFlags(tx);
    const now = clock();
    const respondBy = new Date(now.getTime() + flags.providerAcceptanceDeadlineHours * 3_600_000);
    const assignment = await insertAssignment(tx, {
      orderId: order.id,
      providerOrgId: provider.id,
      status: 'offered',
      respondBy,
      // numeric column: kept as the decimal text, so 0.1 is stored as 0.10, never 0.1000000001.
      compensation: compensation.toFixed(2),
    });
    const metadata = {
      assignmentId: assignment.id,
      providerOrgId: provider.id,
      withdrawn: live?.id ?? null,
      ...(reassignReason ? { reassignReason } : {}),
    };
    let orderAfter = order;
    if (order.status === 'assigned') {
      // Re-assignment: the order stays assigned; its history still shows the new offer.
      await insertJobEvent(tx, {
        orderId: order.id,
        type: 'status_change',
        metadata: { from: 'assigned', to: 'assigned', ...metadata },
        actorUserId: actorUserId,
      });
    } else {
      orderAfter = await moveOrder(tx, order, 'assigned', { actorUserId: actorUserId, at: clock(), metadata });
    }
    await recordAudit(tx, {
      entity: 'assignment',
      entityId: assignment.id,
      action: 'create',
      before: { orderStatus: order.status, withdrawn: live ?? null, reassignReason },
      after: { ...assignment, orderStatus: orderAfter.status },
      actorUserId: actorUserId,
    });
    await enqueueEmails(
      tx,
      offerEmails({
        order: orderAfter,
        compensation: assignment.compensation ?? compensation.toFixed(2),
        respondBy,
        deadlineHours: flags.providerAcceptanceDeadlineHours,
        maskLocation: flags.addressMaskingDefault,
        recipients: await providerEmailsOf(tx, provider.id, 'newProjectAssignments', 'job_offered'),
      }),
    );
    const captureType = labelOf(CAPTURE_TYPE_OPTIONS, orderAfter.captureType);
    await notifyScope(
      tx,
      { org: provider.id },
      {
        type: 'job_offered',
        // With address masking on, nothing names the place before acceptance (the title ends with it).
        title: `New job offer: ${flags.addressMaskingDefault ? captureType : orderAfter.title}`,
        body: `Respond within ${flags.providerAcceptanceDeadlineHours} hours.`,
        link: PORTAL_PATHS.provider.assignments,
      },
    );
    if (live && reassignReason) {
      await enqueueEmails(
        tx,
        offerWithdrawnEmails({
          order: orderAfter,
          reason: reassignReason,
          recipients: await providerEmailsOf(tx, live.providerOrgId, 'newProjectAssignments', 'job_offered'),
        }),
      );
      await notifyScope(
        tx,
        { org: live.providerOrgId },
        {
          type: 'job_offered',
          title: `Job withdrawn: ${orderAfter.title}`,
          body: `An administrator gave this job to another provider. Reason: ${reassignReason}`,
          link: PORTAL_PATHS.provider.assignments,
        },
      );
    }
    return { assignment, provider, order: orderAfter };
  }

  return {
    offerIn,

    /** Orders in approved, triage or assigned, newest first, each with its latest offer and proposed window. */
    async queue(options: { limit: number; cursor?: string | undefined }): Promise<TAssignmentQueue> {
      const rows = await listOrdersInStatuses(db, {
        statuses: ASSIGNABLE_ORDER_STATUSES,
        limit: options.limit + 1,
        cursor: decodeCursor(options.cursor),
      });
      const page = rows.slice(0, options.limit);
      const latest = await latestAssignmentsOf(
        db,
        page.map((row) => row.order.id),
      );
      const proposals = await latestProposalsOf(
        db,
        latest.map((row) => ({ orderId: row.assignment.orderId, assignmentId: row.assignment.id })),
      );
      return toPage(
        rows,
        options.limit,
        (row) => row.order.id,
        (row) => {
          const assignment = latest.find((item) => item.assignment.orderId === row.order.id);
          const proposal = proposals.find((item) => item.orderId === row.order.id);
          return {
            order: toOrderView(row.order, row.customerOrg),
            latestAssignment: assignment
              ? toAssignmentView(assignment.assignment, assignment.providerOrg, row.order.currency)
              : null,
            latestProposal: assignment && proposal ? toProposalView(proposal) : null,
          };
        },
      );
    },

    /**
     * Provider picker: active provider organisations with devices, certifications and regions
     * (their service regions and their certifications' regions). Whether each can take the order
     * is dispatch's ranking, which the picker shows beside them (decision 200).
     */
    async providerOptions(orderId: string): Promise<TProviderOptions> {
      const found = await findOrder(db, orderId);
      if (!found) throw new AppError('not_found', 'Order not found.');
      const providers = await listActiveProviders(db, PROVIDER_PICKER_LIMIT);
      const ids = providers.map((provider) => provider.id);
      const [devices, certifications, profiles] = await Promise.all([
        devicesOf(db, ids),
        certificationsOf(db, ids),
        serviceRegionsOf(db, ids),
      ]);
      const { order } = found;
      return {
        order: { id: order.id, captureType: order.captureType, location: order.location },
        items: providers.map((provider) => {
          const own = devices.filter((device) => device.orgId === provider.id);
          const certs = certifications.filter((cert) => cert.orgId === provider.id);
          const serviceRegions = profiles.find((profile) => profile.orgId === provider.id)?.serviceRegions ?? [];
          const regions = [...new Set([...serviceRegions, ...certs.flatMap((cert) => cert.regions)])];
          return {
            id: provider.id,
            name: provider.name,
            devices: own.map((device) => ({
              id: device.id,
              model: device.model,
              serial: device.serial,
              capabilities: device.capabilities,
            })),
            certifications: certs.map((cert) => ({
              id: cert.id,
              scope: cert.scope,
              status: cert.status,
              regions: cert.regions,
              expiry: cert.expiry ? cert.expiry.toISOString() : null,
            })),
            regions,
          };
        }),
      };
    },

    /**
     * Create Assignment: withdraws the order's live offer (if any), offers the job to an active
     * provider organisation with a deadline from the provider_acceptance_deadline_hours flag and
     * the compensation the admin set (required: decision 107), and moves the order to assigned.
     * The same provider twice (a double click) is a 409.
     */
    async create(request: TCreateAssignmentRequest, actor: TActor): Promise<TAssignment> {
      const { compensation } = request;
      if (compensation == null) {
        throw new AppError('validation_failed', WORKFLOW_MESSAGES.compensationRequired, {
          compensation: WORKFLOW_MESSAGES.compensationRequired,
        });
      }
      try {
        const view = await db.transaction(async (tx) => {
          const { assignment, provider, order } = await offerIn(tx, { ...request, compensation }, actor.userId);
          return toAssignmentView(assignment, { id: provider.id, name: provider.name }, order.currency);
        });
        return view;
      } catch (error) {
        // Two admins assigning the same order at once: the unique live-offer index lets one win.
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'This order was just assigned; reload and try again.');
        throw error;
      }
    },

    /**
     * Confirm latest schedule: needs an accepted offer and a proposed window with both ends
     * (spec 001 §5: nothing happens without them). The order becomes scheduled with the window.
     */
    async confirmSchedule(id: string, actor: TActor): Promise<TConfirmScheduleResponse> {
      const result = await db.transaction(async (tx) => {
        const ctx = await lockOffer(tx, id, {});
        if (ctx.assignment.status !== 'accepted') {
          throw new AppError(
            'conflict',
            `Cannot confirm a schedule: the assignment is ${ctx.assignment.status}, not accepted.`,
          );
        }
        const [first] = ctx.assignment.proposedWindows;
        // Confirmed already, with nothing new proposed: the order's machine says why not.
        if (ctx.assignment.scheduleStatus !== 'proposed' && ctx.order.status !== 'assigned') {
          assertOrderMove(ctx.order, 'scheduled');
        }
        if (!first || ctx.assignment.scheduleStatus !== 'proposed') {
          throw new AppError(
            'conflict',
            'Cannot confirm a schedule: the provider has not proposed a window with a start and an end yet.',
          );
        }
        // The latest proposal's first (earliest) window; to pick another, the admin uses the pick.
        const picked = await scheduleMoves.pick(tx, ctx, new Date(first.start), actor);
        return {
          assignment: toAssignmentView(picked.assignment, ctx.providerOrg, picked.order.currency),
          order: await orderView(tx, picked.order),
        };
      });
      return result;
    },

    /** Provider: accept an offer before its deadline (accepted = true; job event provider_accept). */
    accept(id: string, actor: TActor, scope: TOfferScope = {}): Promise<TAssignment> {
      return answerOffer(id, scope, async (tx, { order, assignment, providerOrg }) => {
        assertAssignmentMove(assignment.status, 'accepted');
        const updated = await updateAssignment(
          tx,
          id,
          { status: 'accepted', accepted: true, respondedAt: clock() },
          clock(),
        );
        await insertJobEvent(tx, {
          orderId: order.id,
          type: 'provider_accept',
          metadata: { assignmentId: id, providerOrgId: assignment.providerOrgId },
          actorUserId: actor.userId,
        });
        await recordAudit(tx, {
          entity: 'assignment',
          entityId: id,
          action: 'accept',
          before: assignment,
          after: updated,
          actorUserId: actor.userId,
        });
        await enqueueEmails(
          tx,
          offerAnsweredEmails({
            order,
            providerName: providerOrg.name,
            outcome: 'accepted',
            orderStatus: order.status,
            recipients: [companyEmail],
          }),
        );
        await notifyAdminsOfAnswer(tx, order, 'accepted', providerOrg.name);
        return toAssignmentView(updated, providerOrg, order.currency);
      });
    },

    /**
     * Provider: decline an offer (accepted = false; job event provider_decline). The order returns
     * to the queue and the admins are told.
     */
    decline(id: string, actor: TActor, scope: TOfferScope = {}): Promise<TAssignment> {
      return answerOffer(id, scope, async (tx, { order, assignment, providerOrg }) => {
        assertAssignmentMove(assignment.status, 'declined');
        const updated = await updateAssignment(
          tx,
          id,
          { status: 'declined', accepted: false, respondedAt: clock() },
          clock(),
        );
        await insertJobEvent(tx, {
          orderId: order.id,
          type: 'provider_decline',
          metadata: { assignmentId: id, providerOrgId: assignment.providerOrgId },
          actorUserId: actor.userId,
        });
        const orderAfter =
          order.status === 'assigned'
            ? await moveOrder(tx, order, await returnStatusOf(tx, order.id), {
                actorUserId: actor.userId,
                at: clock(),
                metadata: { assignmentId: id, reason: 'offer_declined' },
              })
            : order;
        await recordAudit(tx, {
          entity: 'assignment',
          entityId: id,
          action: 'decline',
          before: assignment,
          after: { ...updated, orderStatus: orderAfter.status },
          actorUserId: actor.userId,
        });
        await enqueueEmails(
          tx,
          offerAnsweredEmails({
            order: orderAfter,
            providerName: providerOrg.name,
            outcome: 'declined',
            orderStatus: orderAfter.status,
            recipients: [companyEmail],
          }),
        );
        await notifyAdminsOfAnswer(tx, orderAfter, 'declined', providerOrg.name);
        return toAssignmentView(updated, providerOrg, order.currency);
      });
    },

    /**
     * Provider: propose a capture window for an accepted job (job event deadline {start, end});
     * the admins are told and confirm it on the Assignments page.
     */
    async proposeSchedule(
      id: string,
      window: TProposeScheduleRequest,
      actor: TActor,
      scope: TOfferScope = {},
    ): Promise<TAssignment> {
      const start = new Date(window.start);
      const end = new Date(window.end);
      if (!(start < end)) {
        throw new AppError('validation_failed', WORKFLOW_MESSAGES.windowOrder, { end: WORKFLOW_MESSAGES.windowOrder });
      }
      if (start.getTime() <= clock().getTime()) {
        throw new AppError('validation_failed', WORKFLOW_MESSAGES.windowInFuture, {
          start: WORKFLOW_MESSAGES.windowInFuture,
        });
      }
      // Said under the form's End field; the proposal move checks the same bound.
      const tooLong = windowTooLong(start, end, maxWindowMs);
      if (tooLong) throw new AppError('validation_failed', tooLong, { end: tooLong });
      const view = await db.transaction(async (tx) => {
        const ctx = await lockOffer(tx, id, scope);
        const updated = await scheduleMoves.propose(tx, ctx, [{ start: window.start, end: window.end }], actor);
        return toAssignmentView(updated, ctx.providerOrg, ctx.order.currency);
      });
      return view;
    },

    /**
     * Expires offers unanswered past their deadline, each in its own transaction. Orders locked by
     * a change in progress are skipped (SKIP LOCKED) and picked up on the next pass; each offer is
     * checked again under its lock, so a provider's answer that won the race stands.
     */
    async expireDueOffers(limit: number): Promise<number> {
      const now = clock();
      const due = await findDueOffers(db, now, limit);
      let expired = 0;
      for (const candidate of due) {
        const done = await db.transaction(async (tx) => {
          const order = await lockOrder(tx, candidate.orderId, { skipLocked: true });
          if (!order) return false;
          const assignment = await lockAssignment(tx, candidate.id);
          if (assignment?.status !== 'offered' || assignment.respondBy.getTime() > now.getTime()) {
            return false;
          }
          await expireOffer(tx, order, assignment);
          return true;
        });
        if (done) expired++;
      }
      return expired;
    },
  };
}

export type TAssignmentsService = ReturnType<typeof createAssignmentsService>;
