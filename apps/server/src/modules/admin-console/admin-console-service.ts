import type { TDatabase } from '@spacecapture/db/client';
import type { TActorRef } from '@spacecapture/shared/contracts/admin-console/common';
import {
  OFFERS_EXPIRING_WITHIN_HOURS,
  type TAdminDashboard,
} from '@spacecapture/shared/contracts/admin-console/dashboard';
import type {
  TAdminOrderDetail,
  TAdminOrderList,
  TAdminOrderListItem,
  TAdminOrdersQuery,
} from '@spacecapture/shared/contracts/admin-console/orders';
import type {
  TAdminCustomer,
  TAdminCustomerDetail,
  TAdminCustomerList,
  TAdminMember,
  TAdminOrganizationsQuery,
  TAdminProvider,
  TAdminProviderDetail,
  TAdminProviderList,
  TUpdateCustomerSettingsRequest,
} from '@spacecapture/shared/contracts/admin-console/organizations';
import { AppError } from '@spacecapture/shared/errors';
import type { TAssignmentStatus, TOrderStatus, TSupportRequestStatus } from '@spacecapture/shared/state-machines';
import type { TUnitSystem } from '@spacecapture/shared/units';
import type { TActor } from '../../lib/actor.ts';
import { iso } from '../../lib/iso.ts';
import { decodeCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { listOrgMembers, lockOrganization, updateOrganizationSettings } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { countOverduePayables } from '../payouts/payouts-service.ts';
import type { TPointTreeLinks } from '../point-trees/point-tree-links.ts';
import { checksOfDeliverables } from '../quality-checks/quality-checks-repository.ts';
import { checkViewOf } from '../quality-checks/quality-checks-service.ts';
import { effectiveQuoteStatus } from '../quotes/quotes-view.ts';
import { listSupportRequestsOfOrder } from '../support-requests/support-requests-repository.ts';
import type { TThumbnailLinks } from '../thumbnails/thumbnail-links.ts';
import { countAttention } from './admin-dashboard-repository.ts';
import { findOrderWithCustomer, listOrderPage, orderHistory, ordersByIds } from './admin-orders-repository.ts';
import {
  devicesAndCertifications,
  findOrganizationOfType,
  listOrganizationPage,
  memberCounts,
  offerCounts,
  orderCounts,
} from './admin-organizations-repository.ts';

function actorRef(userId: string | null, email: string | null, name: string | null): TActorRef | null {
  return userId ? { userId, email, name } : null;
}

function rate(part: number, whole: number) {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

type TOrderWithCustomer = NonNullable<Awaited<ReturnType<typeof findOrderWithCustomer>>>;

function toOrderListItem({ order, customerOrg }: TOrderWithCustomer): TAdminOrderListItem {
  return {
    id: order.id,
    title: order.title,
    status: order.status as TOrderStatus,
    location: order.location,
    captureType: order.captureType,
    preferredDates: order.preferredDates ?? null,
    customerOrg,
    currency: order.currency,
    scheduledStart: iso(order.scheduledStart),
    scheduledEnd: iso(order.scheduledEnd),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

type TOrganizationRow = {
  id: string;
  name: string;
  status: string;
  currency: string;
  unitSystem: string;
  createdAt: Date;
};

/** Provider organisations with their members count, devices, certifications and offer figures. */
async function toProviders(db: TDatabase, organizations: readonly TOrganizationRow[]): Promise<TAdminProvider[]> {
  const ids = organizations.map((organization) => organization.id);
  const members = await memberCounts(db, ids);
  const { devices, certifications } = await devicesAndCertifications(db, ids);
  const offers = await offerCounts(db, ids);
  return organizations.map((organization) => {
    const stats = offers.get(organization.id) ?? { offers: 0, accepted: 0, declined: 0, expired: 0 };
    return {
      id: organization.id,
      name: organization.name,
      status: organization.status,
      createdAt: organization.createdAt.toISOString(),
      membersCount: members.get(organization.id) ?? 0,
      devices: devices
        .filter((device) => device.orgId === organization.id)
        .map((device) => ({
          id: device.id,
          model: device.model,
          serial: device.serial,
          capabilities: device.capabilities,
        })),
      certifications: certifications
        .filter((certification) => certification.orgId === organization.id)
        .map((certification) => ({
          id: certification.id,
          scope: certification.scope,
          status: certification.status,
          regions: certification.regions,
          expiry: iso(certification.expiry),
        })),
      offers: {
        ...stats,
        acceptanceRate: rate(stats.accepted, stats.accepted + stats.declined + stats.expired),
      },
    };
  });
}

/** Customer organisations with their members count and orders figures. */
async function toCustomers(db: TDatabase, organizations: readonly TOrganizationRow[]): Promise<TAdminCustomer[]> {
  const ids = organizations.map((organization) => organization.id);
  const members = await memberCounts(db, ids);
  const counts = await orderCounts(db, ids);
  return organizations.map((organization) => ({
    id: organization.id,
    name: organization.name,
    status: organization.status,
    createdAt: organization.createdAt.toISOString(),
    membersCount: members.get(organization.id) ?? 0,
    ordersCount: counts.get(organization.id)?.orders ?? 0,
    lastOrderAt: iso(counts.get(organization.id)?.lastOrderAt),
    currency: organization.currency,
    unitSystem: organization.unitSystem as TUnitSystem,
  }));
}

function toMembers(rows: Awaited<ReturnType<typeof listOrgMembers>>): TAdminMember[] {
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

/**
 * The admin console's lists and dashboard (spec 001 §2 /admin, /admin/orders, /admin/providers,
 * /admin/customers): read-only, newest first, keyset-paginated, admins see every organisation.
 */
export function createAdminConsoleService(deps: {
  db: TDatabase;
  clock: () => Date;
  thumbnails: TThumbnailLinks;
  pointTrees: Pick<TPointTreeLinks, 'viewOf'>;
}) {
  const { db, clock } = deps;

  return {
    async orders(query: TAdminOrdersQuery): Promise<TAdminOrderList> {
      const keys = await listOrderPage(db, {
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        q: query.q,
        statuses: query.status,
        customerOrgId: query.customerOrgId,
      });
      const rows = await ordersByIds(db, keys.slice(0, query.limit));
      const last = keys.length > query.limit ? keys[query.limit - 1] : undefined;
      return {
        items: rows.map(toOrderListItem),
        nextCursor: last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
      };
    },

    async order(id: string): Promise<TAdminOrderDetail> {
      const found = await findOrderWithCustomer(db, id);
      if (!found) throw new AppError('not_found', 'Order not found.');
      const history = await orderHistory(db, id);
      const checks = await checksOfDeliverables(
        db,
        history.deliverableRows.map((row) => row.deliverable.id),
      );
      const now = clock();
      return {
        order: {
          ...toOrderListItem(found),
          leadId: found.order.leadId,
          place: found.order.place ?? null,
          preferredWindows: found.order.preferredWindows ?? [],
          accessNotes: found.order.accessNotes ?? null,
        },
        jobEvents: history.events.map(({ event, actorEmail, actorName }) => ({
          id: event.id,
          type: event.type,
          metadata: event.metadata,
          actor: actorRef(event.actorUserId, actorEmail, actorName),
          createdAt: event.createdAt.toISOString(),
        })),
        quotes: history.quoteRows.map((quote) => ({
          id: quote.id,
          status: effectiveQuoteStatus(quote, now),
          priceBreakdown: quote.priceBreakdown,
          total: Number(quote.total),
          currency: quote.currency,
          sla: quote.sla,
          validityUntil: iso(quote.validityUntil),
          sentAt: iso(quote.sentAt),
          respondedAt: iso(quote.respondedAt),
          createdAt: quote.createdAt.toISOString(),
        })),
        assignments: history.assignmentRows.map(({ assignment, providerOrg }) => ({
          id: assignment.id,
          providerOrg,
          status: assignment.status as TAssignmentStatus,
          accepted: assignment.accepted,
          respondBy: assignment.respondBy.toISOString(),
          respondedAt: iso(assignment.respondedAt),
          scheduledStart: iso(assignment.scheduledStart),
          scheduledEnd: iso(assignment.scheduledEnd),
          compensation: assignment.compensation === null ? null : Number(assignment.compensation),
          currency: found.order.currency,
          createdAt: assignment.createdAt.toISOString(),
        })),
        deliverables: history.deliverableRows.map(({ deliverable, uploaderEmail, uploaderName }) => ({
          check: checkViewOf(checks.get(deliverable.id)),
          id: deliverable.id,
          type: deliverable.type,
          fileName: deliverable.fileName,
          size: Number(deliverable.size),
          paths: deliverable.fileLinks.paths ?? [],
          uploadedBy: actorRef(deliverable.uploadedBy, uploaderEmail, uploaderName),
          deliveredAt: deliverable.deliveredAt.toISOString(),
          createdAt: deliverable.createdAt.toISOString(),
          thumbnailUrl: deps.thumbnails.urlOf(deliverable, now),
          pointTree: deps.pointTrees.viewOf(deliverable, now),
        })),
        supportRequests: (await listSupportRequestsOfOrder(db, id)).map((request) => ({
          id: request.id,
          subject: request.subject,
          status: request.status as TSupportRequestStatus,
          createdAt: request.createdAt.toISOString(),
        })),
        ratings: history.ratingRows.map(({ rating, providerOrg }) => ({
          id: rating.id,
          providerOrg,
          score: rating.score,
          comment: rating.comment,
          createdAt: rating.createdAt.toISOString(),
        })),
      };
    },

    async providers(query: TAdminOrganizationsQuery): Promise<TAdminProviderList> {
      const rows = await listOrganizationPage(db, {
        type: 'provider',
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        q: query.q,
        status: query.status,
      });
      const providers = await toProviders(
        db,
        rows.slice(0, query.limit).map((row) => row.organization),
      );
      const byId = new Map(providers.map((provider) => [provider.id, provider]));
      return toPage(
        rows,
        query.limit,
        (row) => row.organization.id,
        (row) => byId.get(row.organization.id)!,
      );
    },

    /** One provider organisation with its members (another type's id is not found). */
    async provider(id: string): Promise<TAdminProviderDetail> {
      const found = await findOrganizationOfType(db, id, 'provider');
      if (!found) throw new AppError('not_found', 'Provider not found.');
      const [provider] = await toProviders(db, [found.organization]);
      return { provider: provider!, members: toMembers(await listOrgMembers(db, id)) };
    },

    async customers(query: TAdminOrganizationsQuery): Promise<TAdminCustomerList> {
      const rows = await listOrganizationPage(db, {
        type: 'customer',
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        q: query.q,
        status: query.status,
      });
      const customers = await toCustomers(
        db,
        rows.slice(0, query.limit).map((row) => row.organization),
      );
      const byId = new Map(customers.map((customer) => [customer.id, customer]));
      return toPage(
        rows,
        query.limit,
        (row) => row.organization.id,
        (row) => byId.get(row.organization.id)!,
      );
    },

    /** One customer organisation with its members (another type's id is not found). */
    async customer(id: string): Promise<TAdminCustomerDetail> {
      const found = await findOrganizationOfType(db, id, 'customer');
      if (!found) throw new AppError('not_found', 'Customer not found.');
      const [customer] = await toCustomers(db, [found.organization]);
      return { customer: customer!, members: toMembers(await listOrgMembers(db, id)) };
    },

    /**
     * An admin sets a customer organisation's default currency and unit system (decision 203):
     * orders made from now on take the currency; those made before keep theirs. Audited.
     */
    async updateCustomerSettings(
      id: string,
      settings: TUpdateCustomerSettingsRequest,
      actor: TActor,
    ): Promise<TAdminCustomerDetail> {
      await db.transaction(async (tx) => {
        const before = await lockOrganization(tx, id);
        if (before?.type !== 'customer') throw new AppError('not_found', 'Customer not found.');
        const after = await updateOrganizationSettings(tx, id, settings, clock());
        await recordAudit(tx, {
          entity: 'organization',
          entityId: id,
          action: 'update_settings',
          before: { currency: before.currency, unitSystem: before.unitSystem },
          after: { currency: after.currency, unitSystem: after.unitSystem },
          actorUserId: actor.userId,
        });
      });
      return this.customer(id);
    },

    async dashboard(): Promise<TAdminDashboard> {
      const now = clock();
      return {
        ...(await countAttention(db, now, OFFERS_EXPIRING_WITHIN_HOURS)),
        overduePayouts: await countOverduePayables(db, now),
        generatedAt: now.toISOString(),
      };
    },
  };
}

export type TAdminConsoleService = ReturnType<typeof createAdminConsoleService>;
