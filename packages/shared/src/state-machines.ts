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

/** The customer's view of an order (spec 001 §4 display statuses; badges green, blue, yellow, red). */
export type TCustomerOrderDisplay = 'completed' | 'in_progress' | 'pending' | 'cancelled';
export function customerDisplayStatus(status: TOrderStatus): TCustomerOrderDisplay {
  if (status === 'completed' || status === 'delivered') return 'completed';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'scheduled' || status === 'captured' || status === 'assigned' || status === 'changes_requested') {
    return 'in_progress';
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
