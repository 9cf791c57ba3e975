import type { TDatabase } from '@spacecapture/db/client';
import {
  OPEN_LEAD_STATUSES,
  statusesOfTriageFilter,
  type TConvertLeadRequest,
  type TConvertLeadResponse,
  type TLead,
  type TLeadList,
  type TListLeadsQuery,
  WORKFLOW_VALIDATION,
} from '@spacecapture/shared/contracts/admin-workflow';
import { AppError } from '@spacecapture/shared/errors';
import { canTransition, LEAD_MACHINE, type TLeadStatus, transitionRefusal } from '@spacecapture/shared/state-machines';
import { windowsInZone } from '@spacecapture/shared/zoned-time';
import type { TActor } from '../../lib/actor.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { insertOrganization } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TInvitationsService } from '../invitations/invitations-service.ts';
import { orderTitleOf } from '../orders/order-title.ts';
import { findOrganizationRow, insertJobEvent, insertOrder } from '../orders/orders-repository.ts';
import { toOrderView } from '../orders/orders-view.ts';
import { enqueueWebhookEvent, orderPayload } from '../webhooks/webhook-events.ts';
import { listLeads, lockLead, updateLead } from './leads-repository.ts';
import { toLeadView } from './leads-view.ts';

function assertLeadMove(from: string, to: TLeadStatus) {
  if (!canTransition(LEAD_MACHINE, from as TLeadStatus, to)) {
    throw new AppError('conflict', transitionRefusal(LEAD_MACHINE, from, to));
  }
}

/**
 * Order leads in triage (spec 001 §2 /admin/triage): status moves and the conversion into an
 * order, under an existing customer organisation or a new one whose contact is invited. Each
 * change locks the lead, checks the lead machine and writes its audit entries in one transaction.
 */
export function createLeadsService(deps: { db: TDatabase; clock: () => Date; invitations: TInvitationsService }) {
  const { db, clock, invitations } = deps;

  return {
    async list(options: TListLeadsQuery): Promise<TLeadList> {
      const rows = await listLeads(db, {
        limit: options.limit + 1,
        cursor: decodeCursor(options.cursor),
        statuses: statusesOfTriageFilter(options.status, OPEN_LEAD_STATUSES),
        search: options.q,
      });
      return toPage(
        rows,
        options.limit,
        (row) => row.lead.id,
        (row) => toLeadView(row.lead, row.orderId),
      );
    },

    /** Move to triage / Mark quoted. */
    async setStatus(id: string, status: 'triage' | 'quoted', actor: TActor): Promise<TLead> {
      return db.transaction(async (tx) => {
        const lead = await lockLead(tx, id);
        if (!lead) throw new AppError('not_found', 'Lead not found.');
        assertLeadMove(lead.status, status);
        const updated = await updateLead(tx, id, { status }, clock());
        await recordAudit(tx, {
          entity: 'order_lead',
          entityId: id,
          action: 'set_status',
          before: lead,
          after: updated,
          actorUserId: actor.userId,
        });
        return toLeadView(updated, null);
      });
    },

    /**
     * Create Order: the order (status triage) and the lead marked converted, atomically, under an
     * active customer organisation, or under a new one made here with its contact invited as
     * customer_admin (the invitation e-mail goes out with the commit). The lead's lock makes a
     * second conversion wait and then see "converted" (409); the unique index on orders.lead_id is
     * the last line of defence. A refused invitation (the address has an account or a pending
     * invitation) keeps nothing.
     */
    async convert(id: string, request: TConvertLeadRequest, actor: TActor): Promise<TConvertLeadResponse> {
      try {
        const result = await db.transaction(async (tx) => {
          const lead = await lockLead(tx, id);
          if (!lead) throw new AppError('not_found', 'Lead not found.');
          assertLeadMove(lead.status, 'converted');
          let org: { id: string; name: string; currency: string };
          let invitation: TConvertLeadResponse['invitation'] = null;
          if (request.newCustomerOrg) {
            org = await insertOrganization(tx, { name: request.newCustomerOrg.name, type: 'customer' });
            await recordAudit(tx, {
              entity: 'organization',
              entityId: org.id,
              action: 'create',
              after: { ...org, leadId: lead.id },
              actorUserId: actor.userId,
            });
            invitation = await invitations.inviteWithin(tx, {
              email: request.newCustomerOrg.contactEmail,
              role: 'customer_admin',
              orgId: org.id,
              orgName: org.name,
              actor,
            });
          } else {
            const found = request.customerOrgId
              ? await findOrganizationRow(tx, request.customerOrgId, { forShare: true })
              : undefined;
            if (found?.type !== 'customer' || found.status !== 'active') {
              throw new AppError('validation_failed', WORKFLOW_VALIDATION.selectCustomerOrg.message, {
                customerOrgId: WORKFLOW_VALIDATION.selectCustomerOrg.message,
              });
            }
            org = found;
          }
          const order = await insertOrder(tx, {
            title: orderTitleOf(lead.details),
            status: 'triage',
            location: lead.details.location,
            captureType: lead.details.captureType,
            preferredDates: {
              timeline: lead.details.timeline ?? null,
              notes: lead.details.additionalInfo ?? null,
              windows: lead.details.requestedWindows ?? [],
            },
            // The request's place and windows (decision 140): an admin places only what the form could not.
            place: lead.details.place ?? null,
            preferredWindows: lead.details.place
              ? windowsInZone(lead.details.requestedWindows ?? [], lead.details.place.timeZone)
              : [],
            accessNotes: lead.details.accessNotes ?? null,
            customerOrgId: org.id,
            // The organisation's currency when the order is made: the order keeps it (decision 203).
            currency: org.currency,
            leadId: lead.id,
          });
          await insertJobEvent(tx, {
            orderId: order.id,
            type: 'status_change',
            metadata: { from: null, to: 'triage', leadId: lead.id },
            actorUserId: actor.userId,
          });
          await enqueueWebhookEvent(tx, org.id, 'order.created', orderPayload(order));
          const converted = await updateLead(tx, id, { status: 'converted' }, clock());
          await recordAudit(tx, {
            entity: 'order_lead',
            entityId: id,
            action: 'convert',
            before: lead,
            after: {
              ...converted,
              order,
              ...(invitation ? { invitation: { id: invitation.id, email: invitation.email } } : {}),
            },
            actorUserId: actor.userId,
          });
          return {
            lead: toLeadView(converted, order.id),
            order: toOrderView(order, { id: org.id, name: org.name }),
            invitation,
          };
        });
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', transitionRefusal(LEAD_MACHINE, 'converted', 'converted'));
        }
        throw error;
      }
    },
  };
}

export type TLeadsService = ReturnType<typeof createLeadsService>;
