import type { TDatabase } from '@spacecapture/db/client';
import type {
  TCreateCustomerOrderRequest,
  TCreateCustomerOrderResponse,
  TCustomerSitesResponse,
  TOrderAgainResponse,
} from '@spacecapture/shared/contracts/customer-portal';
import {
  ESTIMATOR_URGENCY_OF_TIMELINE,
  type TOrderEstimate,
  type TOrderRequestDetails,
} from '@spacecapture/shared/contracts/order-requests';
import { CAPTURE_TYPES, SPACE_SIZES, SPACE_TYPES, TIMELINES } from '@spacecapture/shared/enums';
import { AppError } from '@spacecapture/shared/errors';
import { estimateQuote } from '@spacecapture/shared/estimator';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { customerDisplayStatus, NEW_ORDER_STATUS } from '@spacecapture/shared/state-machines';
import { squareFeetToSquareMeters } from '@spacecapture/shared/units';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { hashRequest, runIdempotent } from '../idempotency/idempotency.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { placeRequest, type TPlacesService } from '../places/places-service.ts';
import { enqueueWebhookEvent, orderPayload } from '../webhooks/webhook-events.ts';
import { customerOrderedEmails } from './order-request-emails.ts';
import { orderTitleOf } from './order-title.ts';
import {
  findOrganizationRow,
  findOrgOrderWithLead,
  insertJobEvent,
  insertOrder,
  listOrgSites,
} from './orders-repository.ts';

/** A signed-in customer placing an order: who they are is known from the session. */
export type TOrderingCustomer = TActor & { name: string; email: string };

/** Sites offered in the form: enough for any organisation's regular addresses. */
const SITES_LIMIT = 50;

const SOURCE_NOT_FOUND = 'The order to repeat was not found.';

/** The caller's organisation: the one an order is made for, whatever the body says. */
function orgOf(actor: TActor) {
  if (!actor.orgId) throw new AppError('not_found', 'Organisation not found.');
  return actor.orgId;
}

/** A stored value when it is one of the form's options still, otherwise null (the form asks again). */
function optionOrNull<const T extends readonly string[]>(values: T, value: string | null | undefined) {
  return value && (values as readonly string[]).includes(value) ? (value as T[number]) : null;
}

/**
 * The server's own estimate (decision 203): a size typed in square feet is converted for the
 * formula and kept as typed; without an urgency of its own, the estimate reads the request's timeline.
 */
function estimateOf(request: TCreateCustomerOrderRequest): TOrderEstimate | null {
  if (!request.estimate) return null;
  const { squareFeet, locationType } = request.estimate;
  const squareMeters = request.estimate.squareMeters ?? squareFeetToSquareMeters(squareFeet ?? 0);
  const urgency = request.estimate.urgency ?? ESTIMATOR_URGENCY_OF_TIMELINE[request.timeline];
  const figures = estimateQuote({ spaceType: request.spaceType, squareMeters, location: locationType, urgency });
  return { squareMeters, ...(squareFeet == null ? {} : { squareFeet }), locationType, urgency, ...figures };
}

/**
 * Orders a customer requests in their portal (issue 17 item 2, decision 104): the order is made at
 * once for the caller's organisation, awaiting its quote, with no lead to triage. The order, its
 * first job event, the audit entry and the admins' e-mail commit together, once per Idempotency-Key.
 */
export function createOrderRequestsService(deps: {
  db: TDatabase;
  clock: () => Date;
  places: TPlacesService;
  companyEmail: string;
  /** Base of the links in e-mails. */
  publicUrl: string;
}) {
  const { db } = deps;

  return {
    async create(
      customer: TOrderingCustomer,
      request: TCreateCustomerOrderRequest,
      idempotencyKey: string | undefined,
    ): Promise<TCreateCustomerOrderResponse> {
      const orgId = orgOf(customer);
      // Before the transaction: the gazetteer may be read from disk on its first use.
      const placement = await placeRequest(deps.places, request, deps.clock());
      const result = await runIdempotent<TCreateCustomerOrderResponse>(
        db,
        { scope: `customer-order:${customer.userId}`, key: idempotencyKey, requestHash: hashRequest(request) },
        async (tx) => {
          const org = await findOrganizationRow(tx, orgId, { forShare: true });
          if (org?.type !== 'customer' || org.status !== 'active') {
            throw new AppError('forbidden', 'Your organisation is not active, so it cannot place orders.');
          }
          const source = request.sourceOrderId ? await findOrgOrderWithLead(tx, orgId, request.sourceOrderId) : null;
          if (request.sourceOrderId && !source) {
            throw new AppError('not_found', SOURCE_NOT_FOUND, { sourceOrderId: SOURCE_NOT_FOUND });
          }
          const details: TOrderRequestDetails = {
            source: 'portal',
            spaceType: request.spaceType,
            spaceSize: request.spaceSize,
            timeline: request.timeline,
            additionalInfo: request.additionalInfo,
            contact: {
              userId: customer.userId,
              name: customer.name,
              email: customer.email,
              phone: request.contactPhone,
            },
            estimate: estimateOf(request),
            sourceOrderId: source?.order.id ?? null,
          };
          const order = await insertOrder(tx, {
            title: orderTitleOf(request),
            status: NEW_ORDER_STATUS,
            location: request.location,
            captureType: request.captureType,
            // As a converted lead has them, so providers and admins read timeline and notes alike.
            preferredDates: {
              timeline: request.timeline,
              notes: request.additionalInfo,
              windows: placement.requestedWindows,
            },
            place: placement.place,
            preferredWindows: placement.preferredWindows,
            accessNotes: request.accessNotes,
            customerOrgId: org.id,
            // The organisation's currency when the order is made: the order keeps it (decision 203).
            currency: org.currency,
            requestDetails: details,
          });
          await insertJobEvent(tx, {
            orderId: order.id,
            type: 'status_change',
            metadata: { from: null, to: NEW_ORDER_STATUS, source: 'portal', sourceOrderId: details.sourceOrderId },
            actorUserId: customer.userId,
          });
          await recordAudit(tx, {
            entity: 'order',
            entityId: order.id,
            action: 'create',
            after: order,
            actorUserId: customer.userId,
          });
          await enqueueWebhookEvent(tx, org.id, 'order.created', orderPayload(order));
          await enqueueEmails(
            tx,
            customerOrderedEmails({
              order,
              organizationName: org.name,
              details,
              sourceOrderTitle: source?.order.title ?? null,
              recipients: [deps.companyEmail],
              link: `${deps.publicUrl}${PORTAL_PATHS.admin.orders}?order=${order.id}`,
            }),
          );
          return {
            status: 201,
            body: {
              id: order.id,
              title: order.title,
              status: NEW_ORDER_STATUS,
              displayStatus: customerDisplayStatus(NEW_ORDER_STATUS),
              estimate: details.estimate,
              createdAt: order.createdAt.toISOString(),
            },
          };
        },
      );
      return result.body;
    },

    async sites(actor: TActor): Promise<TCustomerSitesResponse> {
      const rows = await listOrgSites(db, orgOf(actor), SITES_LIMIT);
      return {
        items: rows.map((row) => ({ location: row.location, lastOrderedAt: row.lastOrderedAt.toISOString() })),
      };
    },

    /**
     * The form's values from a past order of the caller's organisation: an order made in the portal
     * keeps all of them; one made from a lead keeps its details on the lead.
     */
    async orderAgain(actor: TActor, orderId: string): Promise<TOrderAgainResponse> {
      const found = await findOrgOrderWithLead(db, orgOf(actor), orderId);
      if (!found) throw new AppError('not_found', 'Order not found.');
      const { order, leadDetails } = found;
      const request = order.requestDetails;
      const details = request ?? leadDetails;
      return {
        sourceOrder: { id: order.id, title: order.title },
        values: {
          location: order.location,
          spaceType: optionOrNull(SPACE_TYPES, details?.spaceType),
          spaceSize: optionOrNull(SPACE_SIZES, details?.spaceSize),
          captureType: optionOrNull(CAPTURE_TYPES, order.captureType),
          timeline: optionOrNull(TIMELINES, details?.timeline ?? order.preferredDates?.timeline),
          additionalInfo: details?.additionalInfo ?? order.preferredDates?.notes ?? null,
          contactPhone: request?.contact.phone ?? null,
          estimate: request?.estimate
            ? {
                squareMeters: request.estimate.squareMeters,
                squareFeet: request.estimate.squareFeet ?? null,
                locationType: request.estimate.locationType,
                urgency: request.estimate.urgency,
              }
            : null,
        },
      };
    },
  };
}

export type TOrderRequestsService = ReturnType<typeof createOrderRequestsService>;
