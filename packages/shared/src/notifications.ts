import { ADMIN_ROLES, CUSTOMER_ROLES, PROVIDER_ROLES } from './roles.ts';

/**
 * The events people hear about in the app and by e-mail (decision 121): each names who receives it
 * and on which channels. Admins' e-mail goes to the company address, a shared inbox that no one
 * person's preference should silence, so their events are in-app only here.
 */
export const NOTIFICATION_EVENT_TYPES = [
  'quote_sent',
  'quote_answered',
  'job_offered',
  'offer_answered',
  'schedule_proposed',
  'schedule_confirmed',
  'reschedule_requested',
  'capture_reminder',
  'message_received',
  'delivery_reviewed',
  'delivery_updated',
  'annotation_changed',
  'support_replied',
  'payout_sent',
  'payable_overdue',
] as const;
export type TNotificationEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];

export type TNotificationChannel = 'email' | 'inApp';

type TEventDefinition = {
  label: string;
  description: string;
  roles: readonly string[];
  /** The channels a person can switch for this event, by portal. */
  channels: {
    admin: readonly TNotificationChannel[];
    customer: readonly TNotificationChannel[];
    provider: readonly TNotificationChannel[];
  };
};

const BOTH = ['email', 'inApp'] as const;
const IN_APP = ['inApp'] as const;
const NONE = [] as const;

export const NOTIFICATION_EVENTS: Record<TNotificationEventType, TEventDefinition> = {
  quote_sent: {
    label: 'Quote sent',
    description: 'A quote is ready for one of your orders.',
    roles: CUSTOMER_ROLES,
    channels: { admin: NONE, customer: BOTH, provider: NONE },
  },
  quote_answered: {
    label: 'Quote answered',
    description: 'A customer accepted or declined a quote.',
    roles: ADMIN_ROLES,
    channels: { admin: IN_APP, customer: NONE, provider: NONE },
  },
  job_offered: {
    label: 'New job offer',
    description: 'Your organisation was offered a job, or a job it held was given to another provider.',
    roles: PROVIDER_ROLES,
    channels: { admin: NONE, customer: NONE, provider: BOTH },
  },
  offer_answered: {
    label: 'Offer answered',
    description: 'A provider accepted, declined or let an offer expire.',
    roles: ADMIN_ROLES,
    channels: { admin: IN_APP, customer: NONE, provider: NONE },
  },
  schedule_proposed: {
    label: 'Schedule proposed',
    description: 'A provider proposed capture windows to pick from.',
    roles: [...ADMIN_ROLES, ...CUSTOMER_ROLES],
    channels: { admin: IN_APP, customer: BOTH, provider: NONE },
  },
  schedule_confirmed: {
    label: 'Schedule confirmed',
    description: 'A capture window was confirmed.',
    roles: [...CUSTOMER_ROLES, ...PROVIDER_ROLES],
    channels: { admin: NONE, customer: BOTH, provider: BOTH },
  },
  reschedule_requested: {
    label: 'Reschedule asked',
    description: 'Someone asked to move a confirmed capture.',
    roles: [...ADMIN_ROLES, ...CUSTOMER_ROLES, ...PROVIDER_ROLES],
    channels: { admin: IN_APP, customer: BOTH, provider: BOTH },
  },
  capture_reminder: {
    label: 'Capture tomorrow',
    description: 'A reminder 24 hours before a confirmed capture.',
    roles: [...CUSTOMER_ROLES, ...PROVIDER_ROLES],
    channels: { admin: NONE, customer: BOTH, provider: BOTH },
  },
  message_received: {
    label: 'New message',
    description: 'Someone wrote in a conversation about an order.',
    roles: [...ADMIN_ROLES, ...CUSTOMER_ROLES, ...PROVIDER_ROLES],
    channels: { admin: BOTH, customer: BOTH, provider: BOTH },
  },
  delivery_reviewed: {
    label: 'Delivery reviewed',
    description: 'A delivery was approved, or the customer asked for changes.',
    roles: [...ADMIN_ROLES, ...PROVIDER_ROLES],
    channels: { admin: IN_APP, customer: NONE, provider: BOTH },
  },
  delivery_updated: {
    label: 'Delivery updated',
    description: 'Revised files were delivered, or a delivery was approved for you.',
    roles: CUSTOMER_ROLES,
    channels: { admin: NONE, customer: BOTH, provider: NONE },
  },
  annotation_changed: {
    label: 'Annotations',
    description: 'Someone on the order added, changed or removed an annotation on one of its files.',
    roles: [...ADMIN_ROLES, ...CUSTOMER_ROLES, ...PROVIDER_ROLES],
    channels: { admin: IN_APP, customer: IN_APP, provider: IN_APP },
  },
  support_replied: {
    label: 'Support reply',
    description: 'Someone replied to a support request.',
    roles: [...ADMIN_ROLES, ...CUSTOMER_ROLES],
    channels: { admin: IN_APP, customer: IN_APP, provider: NONE },
  },
  payout_sent: {
    label: 'Payout sent',
    description: 'Your organisation was paid for jobs, or a job was adjusted.',
    roles: PROVIDER_ROLES,
    channels: { admin: NONE, customer: NONE, provider: BOTH },
  },
  payable_overdue: {
    label: 'Payout overdue',
    description: 'A provider has not been paid within the promised 14 days.',
    roles: ADMIN_ROLES,
    channels: { admin: IN_APP, customer: NONE, provider: NONE },
  },
};

/** The event types a role receives, in catalogue order. */
export function notificationEventsOfRole(role: string): TNotificationEventType[] {
  return NOTIFICATION_EVENT_TYPES.filter((type) => NOTIFICATION_EVENTS[type].roles.includes(role));
}
