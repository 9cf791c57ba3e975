import { createHmac } from 'node:crypto';
import type { TDatabase } from '@spacecapture/db/client';
import type { TAssignment, TProposeScheduleRequest } from '@spacecapture/shared/contracts/admin-workflow';
import {
  MASKED_LOCATION,
  type TCertification,
  type TCertificationList,
  type TCertificationRequest,
  type TDevice,
  type TDeviceList,
  type TDeviceRequest,
  type TProviderAssignment,
  type TProviderAssignmentList,
  type TProviderPerformance,
  type TProviderSchedule,
  type TProviderSettings,
  type TUpdateDeviceRequest,
  type TUpdateProviderSettingsRequest,
} from '@spacecapture/shared/contracts/provider-portal';
import { uploadsOpeningOf } from '@spacecapture/shared/contracts/provider-uploads';
import { AppError } from '@spacecapture/shared/errors';
import type { TAssignmentStatus, TOrderStatus } from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import type { TAssignmentsService } from '../assignments/assignments-service.ts';
import { leadContactsOf } from '../leads/leads-repository.ts';
import { latestProposalsOf, uploadsOpenedEarlyOf } from '../orders/orders-repository.ts';
import { toProposalView } from '../orders/orders-view.ts';
import { findProfile, findProviderOrg, listCertifications, listDevices } from '../providers/providers-repository.ts';
import type { TProvidersService } from '../providers/providers-service.ts';
import { toCertification, toDevice } from '../providers/providers-view.ts';
import { readFeatureFlags } from '../settings/feature-flags-repository.ts';
import {
  findOrgAssignment,
  listOrgAssignments,
  performanceOf,
  type TProviderAssignmentRow,
} from './provider-repository.ts';

/** The jobs the portal lists: open offers and accepted work. */
const LISTED_STATUSES = ['offered', 'accepted'] as const;
const LIST_LIMIT = 500;
const DEFAULT_NOTIFICATIONS = { newProjectAssignments: true, projectUpdates: true, paymentNotifications: true };

/**
 * The label a masked offer shows for its customer (decision 180): keyed by a server secret over
 * the assignment, so it is stable for one offer but says nothing about who else a label belongs
 * to; two offers of one customer cannot be linked through it.
 */
function anonymisedCustomer(labelKey: string, assignmentId: string) {
  const digest = createHmac('sha256', labelKey).update(`customer-label:${assignmentId}`).digest('hex');
  return `Client #${digest.slice(0, 6).toUpperCase()}`;
}

/** The caller's organisation; a provider account always has one. */
function orgOf(actor: TActor) {
  if (!actor.orgId) throw new AppError('forbidden', 'Your account has no organization.');
  return actor.orgId;
}

/**
 * The provider portal (spec 001 §2): the organisation's jobs with the address-masking flag applied
 * here, in the response (ARCHITECTURE "Data and tenancy"); answers and proposals through the
 * assignments service; performance; devices, certifications and settings, changed through the
 * providers module.
 */
/** Whom the provider calls about the site: the person who asked for the capture, when they left a phone. */
function siteContactOf(
  order: TProviderAssignmentRow['order'],
  leadContacts: Map<string, { name: string; phone: string }>,
): { name: string; phone: string } | null {
  const contact = order.leadId ? leadContacts.get(order.leadId) : order.requestDetails?.contact;
  return contact?.phone ? { name: contact.name, phone: contact.phone } : null;
}

export function createProviderService(deps: {
  db: TDatabase;
  assignments: TAssignmentsService;
  providers: TProvidersService;
  /** The server secret behind masked customer labels. */
  labelKey: string;
  clock: () => Date;
}) {
  const { db, assignments, providers, labelKey, clock } = deps;

  async function toViews(rows: TProviderAssignmentRow[]): Promise<TProviderAssignment[]> {
    const { addressMaskingDefault } = await readFeatureFlags(db);
    const [proposals, openedEarly, leadContacts] = await Promise.all([
      latestProposalsOf(
        db,
        rows.map((row) => ({ orderId: row.order.id, assignmentId: row.assignment.id })),
      ),
      uploadsOpenedEarlyOf(
        db,
        rows.map((row) => row.order.id),
      ),
      leadContactsOf(
        db,
        rows.flatMap((row) => (row.assignment.status === 'accepted' && row.order.leadId ? [row.order.leadId] : [])),
      ),
    ]);
    const now = clock();
    return rows.map(({ assignment, order, customerOrg }) => {
      const masked = addressMaskingDefault && assignment.status !== 'accepted';
      const event = proposals.find((item) => item.orderId === order.id && item.metadata.assignmentId === assignment.id);
      const proposal = event && assignment.status === 'accepted' ? toProposalView(event) : null;
      return {
        id: assignment.id,
        orderId: order.id,
        status: assignment.status as TAssignmentStatus,
        orderStatus: order.status as TOrderStatus,
        accepted: assignment.accepted,
        respondBy: assignment.respondBy.toISOString(),
        respondedAt: assignment.respondedAt ? assignment.respondedAt.toISOString() : null,
        masked,
        title: masked ? null : order.title,
        location: masked ? MASKED_LOCATION : order.location,
        area: order.place?.label ?? null,
        timeZone: order.place?.timeZone ?? null,
        coordinates:
          assignment.status === 'accepted' && order.place ? { lat: order.place.lat, lon: order.place.lon } : null,
        preferredWindows: order.preferredWindows.map((window) => ({
          start: new Date(window.start).toISOString(),
          end: new Date(window.end).toISOString(),
        })),
        accessNotes: assignment.status === 'accepted' ? (order.accessNotes ?? null) : null,
        siteContact: assignment.status === 'accepted' ? siteContactOf(order, leadContacts) : null,
        customer: masked ? anonymisedCustomer(labelKey, assignment.id) : customerOrg.name,
        captureType: order.captureType,
        preferredDates: order.preferredDates ?? null,
        compensation: assignment.compensation === null ? null : Number(assignment.compensation),
        currency: order.currency,
        scheduledStart: (assignment.scheduledStart ?? order.scheduledStart)?.toISOString() ?? null,
        scheduledEnd: (assignment.scheduledEnd ?? order.scheduledEnd)?.toISOString() ?? null,
        proposedStart: proposal?.start ?? null,
        proposedEnd: proposal?.end ?? null,
        proposedWindows:
          assignment.status === 'accepted' && assignment.scheduleStatus === 'proposed'
            ? assignment.proposedWindows.map((window) => ({
                start: new Date(window.start).toISOString(),
                end: new Date(window.end).toISOString(),
              }))
            : [],
        uploads: uploadsOpeningOf(
          { status: order.status, windowStart: assignment.scheduledStart ?? order.scheduledStart },
          openedEarly.has(order.id),
          now,
        ),
        createdAt: assignment.createdAt.toISOString(),
      };
    });
  }

  async function assignmentOf(actor: TActor, id: string): Promise<TProviderAssignment> {
    const row = await findOrgAssignment(db, orgOf(actor), id);
    if (!row) throw new AppError('not_found', 'Assignment not found.');
    const [view] = await toViews([row]);
    return view!;
  }

  /** Runs a provider's answer through the assignments service, scoped to the caller's organisation. */
  async function answer(actor: TActor, id: string, act: (scope: { providerOrgId: string }) => Promise<TAssignment>) {
    await act({ providerOrgId: orgOf(actor) });
    return assignmentOf(actor, id);
  }

  return {
    async listAssignments(actor: TActor): Promise<TProviderAssignmentList> {
      return { items: await toViews(await listOrgAssignments(db, orgOf(actor), LISTED_STATUSES, LIST_LIMIT)) };
    },

    getAssignment: assignmentOf,

    accept(actor: TActor, id: string) {
      return answer(actor, id, (scope) => assignments.accept(id, actor, scope));
    },

    decline(actor: TActor, id: string) {
      return answer(actor, id, (scope) => assignments.decline(id, actor, scope));
    },

    proposeSchedule(actor: TActor, id: string, window: TProposeScheduleRequest) {
      return answer(actor, id, (scope) => assignments.proposeSchedule(id, window, actor, scope));
    },

    /** Proposed (awaiting confirmation) and confirmed windows of the organisation's accepted jobs. */
    async schedule(actor: TActor): Promise<TProviderSchedule> {
      const rows = await listOrgAssignments(db, orgOf(actor), ['accepted'], LIST_LIMIT);
      const views = await toViews(rows);
      const zoneOf = new Map(rows.map((row) => [row.order.id, row.order.place?.timeZone ?? null]));
      const items: TProviderSchedule['items'] = [];
      for (const view of views) {
        const timeZone = zoneOf.get(view.orderId) ?? null;
        if (view.scheduledStart && view.scheduledEnd) {
          items.push({
            assignmentId: view.id,
            orderId: view.orderId,
            title: view.title,
            location: view.location,
            kind: 'confirmed',
            start: view.scheduledStart,
            end: view.scheduledEnd,
            timeZone,
          });
        } else if (view.proposedStart && view.proposedEnd) {
          items.push({
            assignmentId: view.id,
            orderId: view.orderId,
            title: view.title,
            location: view.location,
            kind: 'proposed',
            start: view.proposedStart,
            end: view.proposedEnd,
            timeZone,
          });
        }
      }
      items.sort((a, b) => a.start.localeCompare(b.start));
      return { items };
    },

    async performance(actor: TActor): Promise<TProviderPerformance> {
      const figures = await performanceOf(db, orgOf(actor));
      return {
        completedProjects: figures.completed,
        activeProjects: figures.active,
        earnings: figures.earnings,
        averageRating: figures.averageRating === null ? null : Math.round(figures.averageRating * 100) / 100,
        ratingCount: figures.ratingCount,
        jobsPerMonth: figures.months,
      };
    },

    // ------------------------------------------------------------------------------------------
    // Devices

    async listDevices(actor: TActor): Promise<TDeviceList> {
      return { items: (await listDevices(db, orgOf(actor))).map(toDevice) };
    },

    async createDevice(actor: TActor, request: TDeviceRequest): Promise<TDevice> {
      return providers.createDevice(actor, orgOf(actor), request);
    },

    async updateDevice(actor: TActor, id: string, request: TUpdateDeviceRequest): Promise<TDevice> {
      return providers.updateDevice(actor, orgOf(actor), id, request);
    },

    async deleteDevice(actor: TActor, id: string): Promise<void> {
      await providers.deleteDevice(actor, orgOf(actor), id);
    },

    // ------------------------------------------------------------------------------------------
    // Certifications

    async listCertifications(actor: TActor): Promise<TCertificationList> {
      return { items: (await listCertifications(db, orgOf(actor))).map(toCertification) };
    },

    async requestCertification(actor: TActor, request: TCertificationRequest): Promise<TCertification> {
      return providers.requestCertification(actor, orgOf(actor), request);
    },

    // ------------------------------------------------------------------------------------------
    // Settings

    async settings(actor: TActor): Promise<TProviderSettings> {
      const orgId = orgOf(actor);
      const org = await findProviderOrg(db, orgId);
      if (!org) throw new AppError('not_found', 'Organization not found.');
      const profile = await findProfile(db, orgId);
      return {
        businessName: org.name,
        contactEmail: profile?.contactEmail ?? null,
        phone: profile?.phone ?? null,
        availability: profile?.availability ?? null,
        serviceRegions: profile?.serviceRegions ?? [],
        notifications: { ...DEFAULT_NOTIFICATIONS, ...profile?.notificationPreferences },
      };
    },

    /** Saves the settings through the providers module, then answers them as the portal shows them. */
    async updateSettings(actor: TActor, request: TUpdateProviderSettingsRequest): Promise<TProviderSettings> {
      await providers.updateProfile(actor, orgOf(actor), request);
      return this.settings(actor);
    },
  };
}

export type TProviderService = ReturnType<typeof createProviderService>;
