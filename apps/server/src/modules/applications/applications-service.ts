import type { TDatabase } from '@spacecapture/db/client';
import {
  OPEN_APPLICATION_STATUSES,
  statusesOfTriageFilter,
  type TApplication,
  type TApplicationList,
  type TApproveApplicationResponse,
  type TListApplicationsQuery,
} from '@spacecapture/shared/contracts/admin-workflow';
import { CAPTURE_DEVICES } from '@spacecapture/shared/enums';
import { AppError } from '@spacecapture/shared/errors';
import {
  APPLICATION_MACHINE,
  canTransition,
  type TApplicationStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { insertOrganization } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TInvitationsService } from '../invitations/invitations-service.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { insertDevice, upsertProfile } from '../providers/providers-repository.ts';
import { openStored, type TFileStore } from '../storage/file-store.ts';
import { applicationRejectedEmail } from './application-emails.ts';
import {
  findApplication,
  listApplications,
  lockApplication,
  type TApplicationRow,
  updateApplication,
} from './applications-repository.ts';
import { toApplicationView } from './applications-view.ts';

function assertApplicationMove(from: string, to: TApplicationStatus) {
  if (!canTransition(APPLICATION_MACHINE, from as TApplicationStatus, to)) {
    throw new AppError('conflict', transitionRefusal(APPLICATION_MACHINE, from, to));
  }
}

/** "Berlin, Hamburg" → ["Berlin", "Hamburg"]; "n/a" and "none" mean no region. */
function serviceRegionsOf(region: string | null): string[] {
  if (!region || /^\s*(n\/?a|none|-)\s*$/i.test(region)) return [];
  const regions = region
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
  return [...new Set(regions)];
}

/**
 * The devices an application names, as the new provider's inventory: the vendor's devices only
 * ("Multiple devices" names none). The applicant gave no serial, so each gets a placeholder the
 * provider replaces in their portal; the application's id keeps it unique.
 */
function carriedDevicesOf(application: TApplicationRow) {
  const models = application.devicesOwned.filter((model): model is (typeof CAPTURE_DEVICES)[number] =>
    (CAPTURE_DEVICES as readonly string[]).includes(model),
  );
  const tag = application.id.slice(0, 8).toUpperCase();
  return models.map((model, index) => ({ model, serial: `TBC-${tag}-${index + 1}`, capabilities: [] }));
}

/**
 * Provider applications in triage: Mark reviewing, Schedule interview, Approve (the provider
 * organisation and an invitation for its contact) or Reject (a polite e-mail), and the stored
 * portfolio file. One transaction and one audit entry per change.
 */
export function createApplicationsService(deps: {
  db: TDatabase;
  clock: () => Date;
  files: TFileStore;
  invitations: TInvitationsService;
}) {
  const { db, clock, files, invitations } = deps;

  async function changeStatus(
    id: string,
    to: 'reviewing' | 'interview' | 'rejected',
    actor: TActor,
    reason?: string | null,
  ) {
    const view = await db.transaction(async (tx) => {
      const application = await lockApplication(tx, id);
      if (!application) throw new AppError('not_found', 'Application not found.');
      assertApplicationMove(application.status, to);
      const updated = await updateApplication(tx, id, { status: to }, clock());
      await recordAudit(tx, {
        entity: 'provider_application',
        entityId: id,
        action: to === 'rejected' ? 'reject' : 'set_status',
        before: application,
        after: reason ? { ...updated, reason } : updated,
        actorUserId: actor.userId,
      });
      if (to === 'rejected') {
        await enqueueEmails(
          tx,
          applicationRejectedEmail({
            to: application.contact.email,
            firstName: application.contact.first_name,
            orgName: application.orgName,
            reason: reason ?? null,
          }),
        );
      }
      return toApplicationView(updated);
    });
    return view;
  }

  return {
    async list(options: TListApplicationsQuery): Promise<TApplicationList> {
      const rows = await listApplications(db, {
        limit: options.limit + 1,
        cursor: decodeCursor(options.cursor),
        statuses: statusesOfTriageFilter(options.status, OPEN_APPLICATION_STATUSES),
        search: options.q,
      });
      return toPage(
        rows,
        options.limit,
        (row) => row.application.id,
        (row) => toApplicationView(row.application),
      );
    },

    /** Mark reviewing / Schedule interview. */
    setStatus(id: string, status: 'reviewing' | 'interview', actor: TActor): Promise<TApplication> {
      return changeStatus(id, status, actor);
    },

    reject(id: string, actor: TActor, reason?: string | null): Promise<TApplication> {
      return changeStatus(id, 'rejected', actor, reason);
    },

    /**
     * Approve: the provider organisation (named as the application's org_name) with what the
     * application told (its regions, contact e-mail and phone as the provider profile; its device
     * in the inventory), and an invitation as its provider_admin e-mailed to the contact, in one
     * transaction with the status change. If the invitation is refused (the address already has an
     * account or a pending invitation), nothing is kept.
     */
    async approve(id: string, actor: TActor): Promise<TApproveApplicationResponse> {
      const result = await db.transaction(async (tx) => {
        const application = await lockApplication(tx, id);
        if (!application) throw new AppError('not_found', 'Application not found.');
        assertApplicationMove(application.status, 'approved');
        const now = clock();
        const organization = await insertOrganization(tx, { name: application.orgName, type: 'provider' });
        const profile = await upsertProfile(
          tx,
          {
            orgId: organization.id,
            contactEmail: application.contact.email,
            phone: application.contact.phone,
            serviceRegions: serviceRegionsOf(application.region),
          },
          now,
        );
        const devices = [];
        for (const device of carriedDevicesOf(application)) {
          devices.push(await insertDevice(tx, { orgId: organization.id, ...device }));
        }
        const invitation = await invitations.inviteWithin(tx, {
          email: application.contact.email,
          role: 'provider_admin',
          orgId: organization.id,
          orgName: organization.name,
          actor,
        });
        const updated = await updateApplication(tx, id, { status: 'approved' }, now);
        await recordAudit(tx, {
          entity: 'provider_application',
          entityId: id,
          action: 'approve',
          before: application,
          after: {
            ...updated,
            organization,
            serviceRegions: profile.serviceRegions,
            devices: devices.map((device) => ({ id: device.id, model: device.model, serial: device.serial })),
            invitation: { id: invitation.id, email: invitation.email },
          },
          actorUserId: actor.userId,
        });
        return {
          application: toApplicationView(updated),
          organization: { id: organization.id, name: organization.name, type: 'provider' as const },
          invitation,
        };
      });
      return result;
    },

    /** The uploaded portfolio, streamed from the file store with the name and type it was stored with. */
    async openPortfolio(id: string) {
      const application = await findApplication(db, id);
      if (!application) throw new AppError('not_found', 'Application not found.');
      const file = application.portfolioFile;
      if (!file) throw new AppError('not_found', 'This application has no portfolio file.');
      const opened = await openStored(files, file.storageKey, 'The portfolio file is missing from storage.');
      return { ...opened, originalName: file.originalName, contentType: file.contentType };
    },
  };
}

export type TApplicationsService = ReturnType<typeof createApplicationsService>;
