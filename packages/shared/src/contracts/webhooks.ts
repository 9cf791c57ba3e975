import { z } from 'zod';
import { boundedText, FIELD_LIMITS, optionalText } from '../fields.ts';

/** Outgoing webhooks of a customer organisation (issue 15; decisions 117 and 118). */

/** The events an endpoint may subscribe to, in the order the page lists them. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'quote.sent',
  'order.scheduled',
  'order.delivered',
  'order.changes_requested',
  'order.approved',
  'order.completed',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<TWebhookEvent, string> = {
  'order.created': 'Order created',
  'quote.sent': 'Quote sent',
  'order.scheduled': 'Order scheduled',
  'order.delivered': 'Order delivered',
  'order.changes_requested': 'Changes requested',
  'order.approved': 'Order approved',
  'order.completed': 'Order completed',
};

/** The event a test delivery carries: not subscribable, always sent to the endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Spacecapture-Signature';
export const WEBHOOK_EVENT_HEADER = 'X-Spacecapture-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-Spacecapture-Delivery';

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a valid URL starting with https://.',
  eventsRequired: 'Choose at least one event.',
  created: 'Endpoint added',
  updated: 'Endpoint saved',
  deleted: 'Endpoint deleted',
  rotated: 'Secret rotated',
  replayed: 'Delivery queued again',
  testSent: 'Test event queued',
  secretOnce: 'Copy this signing secret now: it is not shown again.',
  empty: 'No webhook endpoints yet.',
  noDeliveries: 'No deliveries yet.',
} as const;

const ZEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Choose events from the list.' }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

const ZUrlText = boundedText(FIELD_LIMITS.url, { min: 1, message: WEBHOOK_MESSAGES.urlInvalid }).pipe(
  z.url({ error: WEBHOOK_MESSAGES.urlInvalid }),
);

export const ZCreateWebhookEndpointRequest = z.object({
  url: ZUrlText,
  description: optionalText(FIELD_LIMITS.shortText),
  events: ZEvents,
});
export type TCreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequest>;

export const ZUpdateWebhookEndpointRequest = z.object({
  url: ZUrlText.optional(),
  // Left out, the description stays; given empty, it is cleared.
  description: optionalText(FIELD_LIMITS.shortText).optional(),
  events: ZEvents.optional(),
  /** true disables the endpoint (nothing more is queued for it), false enables it again. */
  disabled: z.boolean().optional(),
});
export type TUpdateWebhookEndpointRequest = z.infer<typeof ZUpdateWebhookEndpointRequest>;

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** An endpoint with its signing secret: the answer of creation and of a rotation, and only those. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZWebhookEndpointList = z.object({ items: z.array(ZWebhookEndpoint) });
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryPage = z.object({ items: z.array(ZWebhookDelivery), nextCursor: z.string().nullable() });
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

export const ZWebhookDeliveryQuery = z.object({
  cursor: boundedText(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TWebhookDeliveryQuery = z.infer<typeof ZWebhookDeliveryQuery>;
