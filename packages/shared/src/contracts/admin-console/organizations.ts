import { z } from 'zod';
import { UNIT_SYSTEMS, ZUnitSystem } from '../../units.ts';
import { ZCurrencyCode } from '../admin-workflow.ts';
import { isoDateTime, listQuery, pageOf, ZSearch, ZToken } from './common.ts';

/** GET /api/admin/providers and /api/admin/customers (lists, details with members); certification review toasts. */

/** Toasts of the provider detail's Verify and Reject on a pending certification. */
export const CERTIFICATION_REVIEW_MESSAGES = {
  verified: { title: 'Certification verified', message: 'The certification is now active.' },
  rejected: { title: 'Certification rejected', message: 'The provider sees it as rejected.' },
  failed: { title: 'Failed' },
} as const;

export const ZAdminOrganizationsQuery = listQuery().extend({
  /** Contains, case-insensitive, on the organisation's name. */
  q: ZSearch,
  status: ZToken.optional(),
});
export type TAdminOrganizationsQuery = z.output<typeof ZAdminOrganizationsQuery>;

export const ZProviderDevice = z.object({
  id: z.uuid(),
  model: z.string(),
  serial: z.string(),
  capabilities: z.array(z.string()),
});
export const ZProviderCertification = z.object({
  id: z.uuid(),
  scope: z.string(),
  status: z.string(),
  regions: z.array(z.string()),
  expiry: isoDateTime.nullable(),
});

/** Offers made to a provider and how they were answered (all time). */
export const ZOfferStats = z.object({
  offers: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  expired: z.number().int(),
  /** accepted ÷ (accepted + declined + expired); null before any offer was answered or expired. */
  acceptanceRate: z.number().nullable(),
});

export const ZAdminProvider = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  createdAt: isoDateTime,
  membersCount: z.number().int(),
  devices: z.array(ZProviderDevice),
  certifications: z.array(ZProviderCertification),
  offers: ZOfferStats,
});
export type TAdminProvider = z.infer<typeof ZAdminProvider>;
export const ZAdminProviderList = pageOf(ZAdminProvider);
export type TAdminProviderList = z.infer<typeof ZAdminProviderList>;

export const ZAdminCustomer = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  createdAt: isoDateTime,
  membersCount: z.number().int(),
  ordersCount: z.number().int(),
  lastOrderAt: isoDateTime.nullable(),
  /** The currency each new order of the organisation takes (decision 203). */
  currency: z.string(),
  unitSystem: z.enum(UNIT_SYSTEMS),
});
export type TAdminCustomer = z.infer<typeof ZAdminCustomer>;
export const ZAdminCustomerList = pageOf(ZAdminCustomer);
export type TAdminCustomerList = z.infer<typeof ZAdminCustomerList>;

/** A member of an organisation as the admin sees it. */
export const ZAdminMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  joinedAt: isoDateTime,
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

/** One provider organisation (the /admin/providers detail) with its members. */
export const ZAdminProviderDetail = z.object({ provider: ZAdminProvider, members: z.array(ZAdminMember) });
export type TAdminProviderDetail = z.infer<typeof ZAdminProviderDetail>;

/** One customer organisation (the /admin/customers detail) with its members; its orders come from the orders list. */
export const ZAdminCustomerDetail = z.object({ customer: ZAdminCustomer, members: z.array(ZAdminMember) });
export type TAdminCustomerDetail = z.infer<typeof ZAdminCustomerDetail>;

/**
 * PATCH /api/admin/customers/:id: the organisation's default currency (new orders take it; an
 * order keeps the one it was made with) and its unit system (decision 203). Either or both.
 */
export const ZUpdateCustomerSettingsRequest = z
  .object({ currency: ZCurrencyCode.optional(), unitSystem: ZUnitSystem.optional() })
  .refine((value) => value.currency !== undefined || value.unitSystem !== undefined, {
    message: 'Send a currency, a unit system or both.',
  });
export type TUpdateCustomerSettingsRequest = z.output<typeof ZUpdateCustomerSettingsRequest>;

export const CUSTOMER_SETTINGS_MESSAGES = {
  saved: { title: 'Settings saved', message: 'New orders of this organization use them.' },
  failed: { title: 'Failed' },
} as const;
