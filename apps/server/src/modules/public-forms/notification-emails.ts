import type {
  TCaptureRequest,
  TContactMessageRequest,
  TProviderApplication,
} from '@spacecapture/shared/contracts/public-forms';
import {
  CAPTURE_TYPE_OPTIONS,
  EXPERIENCE_LEVEL_OPTIONS,
  labelOf,
  PROVIDER_DEVICE_OPTIONS,
  SPACE_SIZE_OPTIONS,
  SPACE_TYPE_OPTIONS,
  TIMELINE_OPTIONS,
} from '@spacecapture/shared/enums';
import { EMAIL_SUBJECTS } from '@spacecapture/shared/messages';
import { renderSummaryEmail } from '../../lib/html.ts';
import type { TOutgoingEmail } from '../outbox/outbox-repository.ts';

/**
 * The notification e-mails of the public forms (spec 000 §7): one to the company address with the
 * whole submission, one to the submitter confirming what was received. Same subject for both.
 */

export function captureRequestEmails(request: TCaptureRequest, companyEmail: string): TOutgoingEmail[] {
  const rows = [
    ['Name', request.name],
    ['Email', request.email],
    ['Phone', request.phone],
    ['Company', request.companyName],
    ['Space type', labelOf(SPACE_TYPE_OPTIONS, request.spaceType)],
    ['Location', request.location],
    // As given: local times at the place (decision 140).
    [
      'Preferred windows',
      request.preferredWindows.map((window) => `${window.date} ${window.from}–${window.to}`).join('; ') || null,
    ],
    ['Access notes', request.accessNotes],
    ['Space size', labelOf(SPACE_SIZE_OPTIONS, request.spaceSize)],
    ['Needs', labelOf(CAPTURE_TYPE_OPTIONS, request.captureType)],
    ['Timeline', labelOf(TIMELINE_OPTIONS, request.timeline)],
    ['Additional information', request.additionalInfo],
  ] as const;
  const subject = EMAIL_SUBJECTS.captureRequest;
  return [
    {
      to: [companyEmail],
      replyTo: request.email,
      subject,
      ...renderSummaryEmail(subject, 'A visitor submitted a capture request on the website.', rows),
    },
    {
      to: [request.email],
      subject,
      ...renderSummaryEmail(
        subject,
        "We've received your request. An admin will review it shortly. Here is what you sent us:",
        rows,
      ),
    },
  ];
}

export function providerApplicationEmails(
  application: TProviderApplication,
  portfolioName: string | null,
  companyEmail: string,
): TOutgoingEmail[] {
  const rows = [
    ['Name', `${application.firstName} ${application.lastName}`],
    ['Email', application.email],
    ['Phone', application.phone],
    ['Company', application.companyName],
    ['Website', application.website],
    ['Regions', application.regions],
    ['Devices', labelOf(PROVIDER_DEVICE_OPTIONS, application.devices)],
    ['Experience', labelOf(EXPERIENCE_LEVEL_OPTIONS, application.experienceLevel)],
    ['Portfolio', portfolioName],
    ['Additional information', application.additionalInfo],
  ] as const;
  const subject = EMAIL_SUBJECTS.providerApplication;
  return [
    {
      to: [companyEmail],
      replyTo: application.email,
      subject,
      ...renderSummaryEmail(subject, 'A provider applied to join the network.', rows),
    },
    {
      to: [application.email],
      subject,
      ...renderSummaryEmail(
        subject,
        "We'll review your application and get back to you soon. Here is what you sent us:",
        rows,
      ),
    },
  ];
}

export function contactMessageEmails(message: TContactMessageRequest, companyEmail: string): TOutgoingEmail[] {
  const subject = `${EMAIL_SUBJECTS.contactMessage}: ${message.subject}`.slice(0, 250);
  return [
    {
      to: [companyEmail],
      replyTo: message.email,
      subject,
      ...renderSummaryEmail(EMAIL_SUBJECTS.contactMessage, 'A visitor sent a message from the Contact Us page.', [
        ['Name', message.name],
        ['Email', message.email],
        ['Subject', message.subject],
        ['Message', message.message],
      ]),
    },
  ];
}
