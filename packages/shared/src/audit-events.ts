import { z } from 'zod';

/**
 * Every audit event the server writes: each audited entity with the actions it can record. The
 * server's `recordAudit` accepts only these pairs, the admin audit view offers them as its filter
 * choices, and outgoing integrations read the same list (decision 098). A new audited change adds
 * its pair here first.
 */
export const AUDIT_EVENTS = {
  order_lead: ['create', 'set_status', 'convert'],
  provider_application: ['create', 'set_status', 'reject', 'approve'],
  contact_message: ['create'],
  order: [
    'create',
    'cancel',
    'complete',
    'mark_delivered',
    'open_uploads_early',
    'set_place',
    'approve',
    'request_changes',
    'redeliver',
    'approve_on_behalf',
    'auto_approve',
    'close_review',
  ],
  quote: ['create', 'update', 'send', 'accept', 'decline', 'expire'],
  assignment: [
    'create',
    'accept',
    'decline',
    'expire',
    'propose_schedule',
    'confirm_schedule',
    'request_reschedule',
    'send_reminder',
  ],
  dispatch_cascade: ['start', 'offer', 'exhaust', 'stop', 'accept'],
  deliverable: ['upload', 'remove', 'replace', 'override_check', 'deliver_tour_link'],
  annotation: ['create', 'update', 'delete'],
  invitation: ['create', 'resend', 'reveal_link', 'revoke'],
  organization: [
    'create',
    'rename',
    'update_settings',
    'update_branding',
    'set_logo',
    'remove_logo',
    'connect_stripe_account',
    'sync_stripe_account',
  ],
  user: ['create_first_admin', 'sign_up', 'remove_member'],
  device: ['create', 'update', 'delete'],
  certification: ['request', 'verify', 'reject'],
  provider_profile: ['update'],
  provider_availability: ['update'],
  support_request: ['create', 'reply', 'assign', 'close'],
  rating: ['create'],
  feature_flags: ['update'],
  price_book: ['update'],
  share_link: ['create', 'revoke', 'update'],
  webhook_endpoint: ['create', 'update', 'delete', 'rotate_secret', 'send_test', 'replay_delivery'],
  conversation: ['post_message', 'assign'],
  api_key: ['create', 'revoke', 'use'],
  calendar_feed: ['create', 'revoke'],
  ledger_entry: ['book'],
  payout_run: ['create'],
  payout: ['pay', 'fail', 'resume', 'reverse'],
  payout_adjustment: ['create'],
  invoice: ['issue', 'record_payment', 'mark_paid', 'mark_overdue', 'void', 'send_reminder', 'refund'],
  credit_note: ['request', 'issue', 'fail'],
  billing_settings: [
    'update_company',
    'update_tax_rates',
    'update_organization',
    'approve_monthly',
    'withdraw_monthly',
  ],
  /** The demo seed's marker entry: it says the demo data is in place. */
  demo_data: ['seed'],
} as const satisfies Record<string, readonly string[]>;

type TAuditEvents = typeof AUDIT_EVENTS;
export type TAuditEntity = keyof TAuditEvents;
export type TAuditAction = TAuditEvents[TAuditEntity][number];

/** One (entity, action) pair the log may hold: `{ entity: 'quote', action: 'send' }` and so on. */
export type TAuditEvent = { [E in TAuditEntity]: { entity: E; action: TAuditEvents[E][number] } }[TAuditEntity];

/**
 * What an entry records before and after the change: a JSON object (a row as it was or became,
 * with whatever the change adds, such as a reason), or nothing for a creation's "before".
 */
export type TAuditSnapshot = Readonly<Record<string, unknown>>;

export const AUDIT_ENTITIES = Object.keys(AUDIT_EVENTS) as [TAuditEntity, ...TAuditEntity[]];
export const AUDIT_ACTIONS = [...new Set(Object.values(AUDIT_EVENTS).flat())].sort() as [
  TAuditAction,
  ...TAuditAction[],
];

export const ZAuditEntity = z.enum(AUDIT_ENTITIES, { error: 'Choose one of the audited entities.' });
export const ZAuditAction = z.enum(AUDIT_ACTIONS, { error: 'Choose one of the audited actions.' });

/** "provider_application" → "Provider application": the words the audit view shows. */
export function auditWordLabel(word: string): string {
  const spaced = word.replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
