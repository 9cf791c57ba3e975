import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { CUSTOMER_DISPLAY_STATUSES } from '../state-machines.ts';
import { ORDER_STATUSES } from './admin-workflow.ts';
import { ZCustomerDeliverable, ZPaymentLock } from './customer-portal.ts';

/**
 * A property (decisions 234, 237): one site address (the orders' location, normalised and hashed
 * to an id) and what the organisation's orders there delivered, for the customer portal and for a
 * share link of the property.
 */

/** A property's id (decision 237): 22 base64url characters. */
const PROPERTY_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const ZPropertyIdParams = z.object({
  propertyId: boundedText(22).regex(PROPERTY_ID_PATTERN, 'Not a property id.'),
});

export const ZPropertyOrder = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(ORDER_STATUSES),
  displayStatus: z.enum(CUSTOMER_DISPLAY_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  /** The order's current files and tour links (superseded versions are on the order's own page). */
  deliverables: z.array(ZCustomerDeliverable),
  /** Pay before download (decision 211): the unpaid invoice that holds this order's downloads back, or null. */
  paymentLock: ZPaymentLock.nullable(),
});
export type TPropertyOrder = z.infer<typeof ZPropertyOrder>;

/** GET /api/customer/properties/:propertyId: the site address and its orders, newest first. */
export const ZCustomerProperty = z.object({
  propertyId: z.string(),
  /** The site address as the newest order gives it. */
  label: z.string(),
  /** The town it is in, from the newest placed order's gazetteer place; null when none is placed. */
  placeLabel: z.string().nullable(),
  orders: z.array(ZPropertyOrder),
});
export type TCustomerProperty = z.infer<typeof ZCustomerProperty>;
