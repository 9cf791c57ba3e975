import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterCommit } from '@spacecapture/db/after-commit';
import type { TDatabase, TWriteSets } from '@spacecapture/db/client';
import type {
  TCaptureRequest,
  TContactMessageRequest,
  TProviderApplication,
  TSubmissionAccepted,
} from '@spacecapture/shared/contracts/public-forms';
import type { FastifyBaseLogger } from 'fastify';
import { newProviderApplication, providerApplicationRows } from '../applications/applications-repository.ts';
import { auditEntryRows } from '../audit/audit-repository.ts';
import { hashRequest, runIdempotentWrites, type TStoredResponse } from '../idempotency/idempotency.ts';
import { newOrderLead, orderLeadRows } from '../leads/leads-repository.ts';
import { EMAILS_QUEUED, outboxEmailRows } from '../outbox/outbox-repository.ts';
import { placeRequest, type TPlacesService } from '../places/places-service.ts';
import type { TFileStore } from '../storage/file-store.ts';
import { captureRequestEmails, contactMessageEmails, providerApplicationEmails } from './notification-emails.ts';
import type { TReceivedFile } from './portfolio-file.ts';
import { contactMessageRows, newContactMessage } from './public-forms-repository.ts';

type TSubmission = TStoredResponse<TSubmissionAccepted>;

/**
 * The public forms: each submission stores its row, its audit entry and its notification e-mails
 * in one statement (one round trip, one commit), at most once per Idempotency-Key.
 */
export function createPublicFormsService(deps: {
  db: TDatabase;
  /** Where submissions' writes go: one statement per submission, or several waiting together. */
  writeSets: TWriteSets;
  clock: () => Date;
  files: TFileStore;
  places: TPlacesService;
  companyEmail: string;
  log: FastifyBaseLogger;
}) {
  const { db, files, companyEmail, log, clock } = deps;
  const store = { db, writeSets: deps.writeSets };

  /** A filled honeypot is a bot: it gets an ordinary-looking answer and nothing is stored. */
  function dropBot(form: string): TSubmission {
    log.info({ form }, 'honeypot filled; submission dropped');
    return { status: 201, body: { id: randomUUID() }, replayed: false };
  }

  /** A stored submission queued its e-mails in a grouped write, which the outbox hears of here. */
  function emailsQueued(result: TSubmission) {
    if (!result.replayed) afterCommit(db, EMAILS_QUEUED);
    return result;
  }

  return {
    async submitCaptureRequest(request: TCaptureRequest, idempotencyKey: string | undefined): Promise<TSubmission> {
      if (request.website) return dropBot('capture-request');
      const { website: _honeypot, ...fields } = request;
      const placement = await placeRequest(deps.places, request, clock());
      const lead = newOrderLead(
        {
          status: 'new',
          contact: { name: request.name, email: request.email, phone: request.phone, company: request.companyName },
          details: {
            spaceType: request.spaceType,
            location: request.location,
            spaceSize: request.spaceSize,
            captureType: request.captureType,
            timeline: request.timeline,
            additionalInfo: request.additionalInfo,
            source: 'website',
            place: placement.place,
            requestedWindows: placement.requestedWindows,
            accessNotes: request.accessNotes,
          },
        },
        clock(),
      );
      const result = await runIdempotentWrites<TSubmissionAccepted>(
        store,
        { scope: 'capture-request', key: idempotencyKey, requestHash: hashRequest(fields) },
        {
          writes: [
            orderLeadRows([lead]),
            auditEntryRows([
              {
                entity: 'order_lead',
                entityId: lead.id,
                action: 'create',
                after: lead,
                actorUserId: null,
              },
            ]),
            outboxEmailRows(captureRequestEmails(request, companyEmail)),
          ],
          outcome: { status: 201, body: { id: lead.id } },
        },
      );
      return emailsQueued(result);
    },

    async submitProviderApplication(
      application: TProviderApplication,
      portfolio: TReceivedFile | undefined,
      idempotencyKey: string | undefined,
    ): Promise<TSubmission> {
      if (application.fax) {
        if (portfolio) await rm(portfolio.tempPath, { force: true });
        return dropBot('provider-application');
      }
      const { fax: _honeypot, ...fields } = application;
      const requestHash = hashRequest({ fields, portfolio: portfolio?.file.sha256 ?? null });
      // The file is in place before the row that names it commits; a failed or replayed
      // submission removes it again, so no row ever points at a missing file.
      if (portfolio) {
        try {
          await files.adopt(portfolio.tempPath, portfolio.file.storageKey);
        } catch (error) {
          // Not adopted (a full disk, say): the received copy must not stay behind in the temp folder.
          await files.discardTemp(portfolio.tempPath).catch(() => undefined);
          throw error;
        }
      }
      let stored = false;
      try {
        const row = newProviderApplication(
          {
            status: 'new',
            orgName: application.companyName,
            contact: {
              first_name: application.firstName,
              last_name: application.lastName,
              email: application.email,
              phone: application.phone,
              website: application.website,
            },
            region: application.regions,
            devicesOwned: application.devices === 'none' ? [] : [application.devices.toUpperCase()],
            devicesNotes: application.experienceLevel,
            portfolioLinks: portfolio ? [portfolio.file.originalName] : [],
            portfolioFile: portfolio?.file ?? null,
            notes: application.additionalInfo,
          },
          clock(),
        );
        const result = await runIdempotentWrites<TSubmissionAccepted>(
          store,
          { scope: 'provider-application', key: idempotencyKey, requestHash },
          {
            writes: [
              providerApplicationRows([row]),
              auditEntryRows([
                {
                  entity: 'provider_application',
                  entityId: row.id,
                  action: 'create',
                  after: row,
                  actorUserId: null,
                },
              ]),
              outboxEmailRows(
                providerApplicationEmails(application, portfolio?.file.originalName ?? null, companyEmail),
              ),
            ],
            outcome: { status: 201, body: { id: row.id } },
          },
        );
        stored = !result.replayed;
        return emailsQueued(result);
      } finally {
        if (portfolio && !stored) await files.remove(portfolio.file.storageKey);
      }
    },

    async submitContactMessage(
      message: TContactMessageRequest,
      idempotencyKey: string | undefined,
    ): Promise<TSubmission> {
      if (message.website) return dropBot('contact-message');
      const { website: _honeypot, ...fields } = message;
      const row = newContactMessage({ status: 'new', ...fields }, clock());
      const result = await runIdempotentWrites<TSubmissionAccepted>(
        store,
        { scope: 'contact-message', key: idempotencyKey, requestHash: hashRequest(fields) },
        {
          writes: [
            contactMessageRows([row]),
            auditEntryRows([
              {
                entity: 'contact_message',
                entityId: row.id,
                action: 'create',
                after: row,
                actorUserId: null,
              },
            ]),
            outboxEmailRows(contactMessageEmails(message, companyEmail)),
          ],
          outcome: { status: 201, body: { id: row.id } },
        },
      );
      return emailsQueued(result);
    },
  };
}

export type TPublicFormsService = ReturnType<typeof createPublicFormsService>;
