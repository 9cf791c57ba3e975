import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { ASSIGNMENT_STATUSES, ORDER_STATUSES, ZPreferredDates } from './admin-workflow.ts';
import { ZUploadsOpening } from './provider-uploads.ts';

/**
 * The provider portal (spec 001 §2 provider dashboard, /provider/assignments, /provider/schedule,
 * /provider/devices, /provider/certification; §6 address masking; §8 toasts): one contract per
 * endpoint. Accept, decline and schedule reuse the admin workflow's request and answer schemas.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** What a masked job shows instead of its address (spec 001 §6). */
export const MASKED_LOCATION = 'Location revealed after acceptance';

// ---------------------------------------------------------------------------------------------
// Assignments

export const ZProviderAssignment = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  status: z.enum(ASSIGNMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  accepted: z.boolean().nullable(),
  respondBy: isoDateTime,
  respondedAt: isoDateTime.nullable(),
  /** True while the address and the customer are withheld (masking on, not accepted). */
  masked: z.boolean(),
  /** null while masked: the title names the place. */
  title: z.string().nullable(),
  location: z.string(),
  /**
   * The town or area of the job (the order's place, never its street), shown even while the
   * address is withheld, so a provider knows where an offer is before accepting; null while unplaced.
   */
  area: z.string().nullable(),
  /** The place's time zone, in which the windows are shown; null while unplaced. */
  timeZone: z.string().nullable(),
  /**
   * Where the place is on the map, for the job page's map links: only once the provider has
   * accepted (never while the address is withheld); null before, or while the order is unplaced.
   */
  coordinates: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  /** The windows the customer prefers, as instants (empty when they gave none or the order is unplaced). */
  preferredWindows: z.array(z.object({ start: isoDateTime, end: isoDateTime })),
  /** How to get in (keys, parking, who opens): only once the provider has accepted. */
  accessNotes: z.string().nullable(),
  /** Whom to call about the site: only once the provider has accepted; null when no phone is known. */
  siteContact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** The customer's organisation name, or an anonymised label ("Client #…") while masked. */
  customer: z.string(),
  captureType: z.string(),
  preferredDates: ZPreferredDates.nullable(),
  compensation: z.number().nullable(),
  /** The order's currency, in which the compensation is paid (decision 203). */
  currency: z.string(),
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
  /** The latest window the provider proposed, awaiting the admin's confirmation. */
  proposedStart: isoDateTime.nullable(),
  proposedEnd: isoDateTime.nullable(),
  /** Every window of the provider's latest proposal while it awaits a pick or a confirmation. */
  proposedWindows: z.array(z.object({ start: isoDateTime, end: isoDateTime })),
  /** When files can be uploaded, and why not yet (decision 201). */
  uploads: ZUploadsOpening,
  createdAt: isoDateTime,
});
export type TProviderAssignment = z.infer<typeof ZProviderAssignment>;

export const ZProviderAssignmentList = z.object({ items: z.array(ZProviderAssignment) });
export type TProviderAssignmentList = z.infer<typeof ZProviderAssignmentList>;

// ---------------------------------------------------------------------------------------------
// Schedule

export const ZScheduleEntry = z.object({
  assignmentId: z.uuid(),
  orderId: z.uuid(),
  title: z.string().nullable(),
  /** The order's address (schedule entries are accepted jobs, so it is revealed). */
  location: z.string(),
  kind: z.enum(['proposed', 'confirmed']),
  start: isoDateTime,
  end: isoDateTime,
  /** The place's time zone, in which the window is shown (decision 141); null while unplaced. */
  timeZone: z.string().nullable(),
});
export type TScheduleEntry = z.infer<typeof ZScheduleEntry>;
export const ZProviderSchedule = z.object({ items: z.array(ZScheduleEntry) });
export type TProviderSchedule = z.infer<typeof ZProviderSchedule>;

// ---------------------------------------------------------------------------------------------
// Performance

export const ZProviderPerformance = z.object({
  completedProjects: z.number().int(),
  activeProjects: z.number().int(),
  /**
   * Compensation of completed and delivered jobs (the accepted quote's total where compensation is
   * not set), one total per currency the jobs were paid in, by currency code; empty before any.
   */
  earnings: z.array(z.object({ currency: z.string(), total: z.number() })),
  averageRating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** Accepted jobs per month (YYYY-MM, by acceptance), oldest first, last 12 months with any. */
  jobsPerMonth: z.array(z.object({ month: z.string(), jobs: z.number().int() })),
});
export type TProviderPerformance = z.infer<typeof ZProviderPerformance>;

// ---------------------------------------------------------------------------------------------
// Devices

export const DEVICE_MODELS = ['PRO', 'MINION', 'META', 'MEGA'] as const;
export const DEVICE_MESSAGES = {
  model: 'Choose a model: PRO, MINION, META or MEGA.',
  serial: 'Enter the serial number (up to 64 characters).',
  capability: 'Each capability is 1 to 40 characters.',
  capabilities: 'At most 20 capabilities.',
  duplicateSerial: 'A device with this serial number is already registered.',
} as const;

export const ZDevice = z.object({
  id: z.uuid(),
  model: z.enum(DEVICE_MODELS),
  serial: z.string(),
  capabilities: z.array(z.string()),
  createdAt: isoDateTime,
});
export type TDevice = z.infer<typeof ZDevice>;
export const ZDeviceList = z.object({ items: z.array(ZDevice) });
export type TDeviceList = z.infer<typeof ZDeviceList>;

export const ZDeviceRequest = z.object({
  model: z.enum(DEVICE_MODELS, { error: DEVICE_MESSAGES.model }),
  serial: boundedText(64, { min: 1, message: DEVICE_MESSAGES.serial, maxMessage: DEVICE_MESSAGES.serial }),
  capabilities: z
    .array(boundedText(40, { min: 1, message: DEVICE_MESSAGES.capability, maxMessage: DEVICE_MESSAGES.capability }))
    .max(20, DEVICE_MESSAGES.capabilities)
    .default([]),
});
export type TDeviceRequest = z.output<typeof ZDeviceRequest>;
export const ZUpdateDeviceRequest = ZDeviceRequest.partial();
export type TUpdateDeviceRequest = z.output<typeof ZUpdateDeviceRequest>;

// ---------------------------------------------------------------------------------------------
// Certifications

export const CERTIFICATION_STATUSES = ['pending', 'active', 'rejected', 'expired'] as const;

export const ZCertification = z.object({
  id: z.uuid(),
  orgId: z.uuid(),
  scope: z.string(),
  status: z.enum(CERTIFICATION_STATUSES),
  regions: z.array(z.string()),
  expiry: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type TCertification = z.infer<typeof ZCertification>;
export const ZCertificationList = z.object({ items: z.array(ZCertification) });
export type TCertificationList = z.infer<typeof ZCertificationList>;

const shortText = (max: number, message: string) => boundedText(max, { min: 1, message, maxMessage: message });

/** A certification submitted for verification must still be valid (checked against the server's clock). */
export const CERTIFICATION_EXPIRY_IN_FUTURE = 'The expiry date must be in the future.';

export const ZCertificationRequest = z.object({
  scope: shortText(120, 'Enter the scope (up to 120 characters).'),
  regions: z.array(shortText(80, 'Each region is 1 to 80 characters.')).max(50, 'At most 50 regions.').default([]),
  expiry: z.iso.datetime({ offset: true, error: 'Enter a valid expiry date.' }).nullish(),
});
export type TCertificationRequest = z.output<typeof ZCertificationRequest>;

// ---------------------------------------------------------------------------------------------
// Settings

export const ZNotificationPreferences = z.object({
  newProjectAssignments: z.boolean(),
  projectUpdates: z.boolean(),
  paymentNotifications: z.boolean(),
});

export const ZProviderSettings = z.object({
  businessName: z.string(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  availability: z.string().nullable(),
  serviceRegions: z.array(z.string()),
  notifications: ZNotificationPreferences,
});
export type TProviderSettings = z.infer<typeof ZProviderSettings>;

const optionalText = (max: number, message: string, options: { multiline?: boolean } = {}) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    boundedText(max, { message, maxMessage: message, ...options }).nullable(),
  );

export const ZUpdateProviderSettingsRequest = z.object({
  /** Only a provider_admin may rename the organisation. */
  businessName: shortText(120, 'Enter the business name (up to 120 characters).').optional(),
  contactEmail: z.preprocess(
    (value) => (value === '' ? null : value),
    z.email({ error: 'Enter a valid e-mail address.' }).max(254).nullable(),
  ),
  phone: optionalText(40, 'Enter a phone number of up to 40 characters.'),
  availability: optionalText(500, 'Availability is at most 500 characters.', { multiline: true }),
  serviceRegions: z.array(shortText(80, 'Each region is 1 to 80 characters.')).max(50, 'At most 50 regions.'),
  notifications: ZNotificationPreferences,
});
export type TUpdateProviderSettingsRequest = z.output<typeof ZUpdateProviderSettingsRequest>;
