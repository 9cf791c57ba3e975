/**
 * State machines, declared once and enforced by the server's services (an illegal move is a 409
 * saying from what to what). Docs: docs/state-machines.md.
 */

export type TMachine<S extends string> = {
  readonly name: string;
  readonly states: readonly S[];
  readonly transitions: Readonly<Record<S, readonly S[]>>;
};

function defineMachine<const S extends string>(
  name: string,
  transitions: Record<S, readonly NoInfer<S>[]>,
): TMachine<S> {
  return { name, states: Object.keys(transitions) as S[], transitions };
}

export function canTransition<S extends string>(machine: TMachine<S>, from: S, to: S): boolean {
  return machine.transitions[from]?.includes(to) ?? false;
}

export function transitionRefusal<S extends string>(machine: TMachine<S>, from: string, to: string): string {
  return `Cannot move ${machine.name} from ${from} to ${to}.`;
}

/** Invitation: pending until accepted by sign-up, revoked by an admin, or past its expiry; resend re-opens. */
export const INVITATION_MACHINE = defineMachine('invitation', {
  pending: ['accepted', 'revoked', 'expired', 'pending'],
  revoked: ['pending'],
  expired: ['pending'],
  accepted: [],
});
export type TInvitationStatus = (typeof INVITATION_MACHINE.states)[number];

/** Order lead (spec 001 §4): created new; admins move it to triage or quoted; converting makes an order. */
export const LEAD_MACHINE = defineMachine('lead', {
  new: ['triage', 'quoted', 'converted'],
  triage: ['quoted', 'converted'],
  quoted: ['triage', 'converted'],
  converted: [],
});
export type TLeadStatus = (typeof LEAD_MACHINE.states)[number];

/** Provider application: reviewing and interview (spec), then approved (an invitation goes out) or rejected. */
export const APPLICATION_MACHINE = defineMachine('application', {
  new: ['reviewing', 'interview', 'approved', 'rejected'],
  reviewing: ['interview', 'approved', 'rejected'],
  interview: ['reviewing', 'approved', 'rejected'],
  approved: [],
  rejected: [],
});
export type TApplicationStatus = (typeof APPLICATION_MACHINE.states)[number];

/** Quote: draft → sent → accepted | declined; a sent quote past its validity date is expired. */
export const QUOTE_MACHINE = defineMachine('quote', {
  draft: ['sent'],
  sent: ['accepted', 'declined', 'expired'],
  accepted: [],
  declined: [],
  expired: [],
});
export type TQuoteStatus = (typeof QUOTE_MACHINE.states)[number];

/**
 * Order: from a converted lead to completion. Admins may assign orders in triage, approved or
 * assigned (spec 001 §4); a declined or expired offer sends the order back to approved. An admin
 * may complete a scheduled or captured order before delivery, with a reason (decision 109).
 * A delivered order is reviewed by its customer (decision 133): approved (completed), or sent back
 * with comments (changes_requested) until the provider delivers the revised files again.
 */
export const ORDER_MACHINE = defineMachine('order', {
  triage: ['quoted', 'assigned', 'cancelled'],
  quoted: ['approved', 'triage', 'cancelled'],
  approved: ['assigned', 'cancelled'],
  assigned: ['approved', 'triage', 'scheduled', 'cancelled'],
  scheduled: ['captured', 'delivered', 'completed', 'cancelled'],
  captured: ['delivered', 'completed'],
  delivered: ['completed', 'changes_requested'],
  changes_requested: ['delivered', 'completed'],
  completed: [],
  cancelled: [],
});
export type TOrderStatus = (typeof ORDER_MACHINE.states)[number];

/** Where a new order starts, from a converted lead or a request in the customer portal: awaiting its quote. */
export const NEW_ORDER_STATUS = 'triage' as const satisfies TOrderStatus;

/** Orders the admin Assignments screen offers (spec 001 §4). */
export const ASSIGNABLE_ORDER_STATUSES = ['approved', 'triage', 'assigned'] as const satisfies readonly TOrderStatus[];

/** Assignment offer to a provider: accepted (true), declined (false), or unanswered until its deadline. */
export const ASSIGNMENT_MACHINE = defineMachine('assignment', {
  offered: ['accepted', 'declined', 'expired', 'withdrawn'],
  accepted: ['withdrawn'],
  declined: [],
  expired: [],
  withdrawn: [],
});
export type TAssignmentStatus = (typeof ASSIGNMENT_MACHINE.states)[number];

/**
 * The customer's view of an order: the spec's four display statuses (spec 001 §4; badges green,
 * blue, yellow, red) and, added by decision 202, awaiting_review: a delivered order waits for the
 * customer's Approve or Request changes, and reads completed only once approved (or closed).
 */
export const CUSTOMER_DISPLAY_STATUSES = [
  'completed',
  'awaiting_review',
  'in_progress',
  'pending',
  'cancelled',
] as const;
export type TCustomerOrderDisplay = (typeof CUSTOMER_DISPLAY_STATUSES)[number];

/** The order statuses each display status stands for: the list filter asks for these. */
export const ORDER_STATUSES_OF_DISPLAY = {
  completed: ['completed'],
  awaiting_review: ['delivered'],
  in_progress: ['assigned', 'scheduled', 'captured', 'changes_requested'],
  pending: ['triage', 'quoted', 'approved'],
  cancelled: ['cancelled'],
} as const satisfies Record<TCustomerOrderDisplay, readonly TOrderStatus[]>;

export function customerDisplayStatus(status: TOrderStatus): TCustomerOrderDisplay {
  for (const display of CUSTOMER_DISPLAY_STATUSES) {
    if ((ORDER_STATUSES_OF_DISPLAY[display] as readonly TOrderStatus[]).includes(status)) return display;
  }
  return 'pending';
}

/**
 * Scheduling of an accepted job (decision 145): the provider proposes one to three windows, the
 * customer (or an admin for it) picks one. Either side may ask to reschedule a confirmed job, with a
 * reason; the provider then proposes again, and the confirmed window stands until a new pick.
 * A provider may also replace its proposal before anyone picks.
 */
export const SCHEDULE_MACHINE = defineMachine('schedule', {
  unproposed: ['proposed'],
  proposed: ['proposed', 'confirmed'],
  confirmed: ['reschedule_requested'],
  reschedule_requested: ['proposed'],
});
export type TScheduleStatus = (typeof SCHEDULE_MACHINE.states)[number];

/** The most windows a provider proposes at once. */
export const MAX_PROPOSED_WINDOWS = 3;

/**
 * Auto-offer cascade of one order (decision 144): running until a provider accepts, no ranked
 * provider is left, or an admin stops it.
 */
export const CASCADE_MACHINE = defineMachine('cascade', {
  running: ['accepted', 'exhausted', 'stopped'],
  accepted: [],
  exhausted: [],
  stopped: [],
});
export type TCascadeStatus = (typeof CASCADE_MACHINE.states)[number];

/**
 * A customer's support request (decision 204): open until an admin answers; the customer's reply
 * opens it again, even once closed; an admin closes it. An answered request may be answered again.
 */
export const SUPPORT_REQUEST_MACHINE = defineMachine('support request', {
  open: ['open', 'answered', 'closed'],
  answered: ['open', 'answered', 'closed'],
  closed: ['open'],
});
export type TSupportRequestStatus = (typeof SUPPORT_REQUEST_MACHINE.states)[number];

/**
 * A provider's payable (decision 213): due from the customer's approval (or an admin's
 * adjustment) until a payout run pays it, once.
 */
export const PAYABLE_MACHINE = defineMachine('payable', {
  due: ['paid'],
  paid: [],
});
export type TPayableState = (typeof PAYABLE_MACHINE.states)[number];

/**
 * Invoice (decision 209): issued open; paid once its payments cover it; overdue past its due date
 * (still payable); void by an admin with a reason while nothing is paid. Paid and void are final.
 */
export const INVOICE_MACHINE = defineMachine('invoice', {
  open: ['paid', 'overdue', 'void'],
  overdue: ['paid', 'void'],
  // A credit note gives back part or all of what was paid (decision 215).
  paid: ['partly_refunded', 'refunded'],
  partly_refunded: ['refunded'],
  refunded: [],
  void: [],
});
export type TInvoiceStatus = (typeof INVOICE_MACHINE.states)[number];
