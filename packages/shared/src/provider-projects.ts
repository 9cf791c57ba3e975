import type { TProviderAssignment } from './contracts/provider-portal.ts';

/**
 * What a provider's job is at and how urgent it is, from the offer's state, the order's progress,
 * the respond-by deadline and the capture window (decision 050). The one derivation every page
 * shows (decision 101). Pure: `now` is passed in.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The spec's urgency levels (spec 001 §4). */
export type TProjectUrgency = 'high' | 'medium' | 'low' | 'standard';

/** The spec's project statuses (spec 001 §4), plus how an offer can end without work. */
export type TProjectStatus =
  | 'assigned'
  | 'accepted'
  | 'in_progress'
  | 'completed'
  | 'delivered'
  | 'changes_requested'
  | 'declined'
  | 'expired'
  | 'withdrawn'
  | 'cancelled';

export type TTimedProject = Pick<
  TProviderAssignment,
  'status' | 'orderStatus' | 'respondBy' | 'scheduledStart' | 'scheduledEnd' | 'proposedStart' | 'proposedEnd'
> & { preferredDates?: { timeline: string | null } | null };

/** What the provider sees about the work, from the offer's state and the order's progress. */
export function projectStatus(project: Pick<TProviderAssignment, 'status' | 'orderStatus'>): TProjectStatus {
  if (project.orderStatus === 'cancelled') return 'cancelled';
  if (project.status === 'offered') return 'assigned';
  if (project.status !== 'accepted') return project.status;
  if (project.orderStatus === 'captured') return 'in_progress';
  if (project.orderStatus === 'delivered') return 'delivered';
  if (project.orderStatus === 'changes_requested') return 'changes_requested';
  if (project.orderStatus === 'completed') return 'completed';
  return 'accepted';
}

/** The capture window to show: the confirmed one, else the one awaiting confirmation. */
export function captureWindow(project: TTimedProject) {
  if (project.scheduledStart && project.scheduledEnd) {
    return { start: project.scheduledStart, end: project.scheduledEnd, confirmed: true };
  }
  if (project.proposedStart && project.proposedEnd) {
    return { start: project.proposedStart, end: project.proposedEnd, confirmed: false };
  }
  return null;
}

const URGENCY_ORDER: readonly TProjectUrgency[] = ['standard', 'low', 'medium', 'high'];
const moreUrgent = (a: TProjectUrgency, b: TProjectUrgency) =>
  URGENCY_ORDER.indexOf(a) >= URGENCY_ORDER.indexOf(b) ? a : b;

/** How soon the customer asked for the capture: "Urgent (ASAP, 1-3 days)" is high however far the deadline. */
const TIMELINE_URGENCY: Record<string, TProjectUrgency> = {
  urgent: 'high',
  standard: 'low',
  flexible: 'low',
  planning: 'standard',
};

/** What the clock alone says: the deadline of an open offer, the window of accepted work. */
function urgencyByClock(project: TTimedProject, status: TProjectStatus, now: number): TProjectUrgency {
  if (status === 'assigned') {
    const remaining = new Date(project.respondBy).getTime() - now;
    if (!(remaining > 0)) return 'standard';
    if (remaining <= 6 * HOUR) return 'high';
    if (remaining <= DAY) return 'medium';
    return 'low';
  }
  const window = captureWindow(project);
  if (!window) return 'standard';
  const untilStart = new Date(window.start).getTime() - now;
  if (new Date(window.end).getTime() <= now) return 'standard';
  if (untilStart <= 2 * DAY) return 'high';
  if (untilStart <= 7 * DAY) return 'medium';
  return 'low';
}

/**
 * An open offer is as urgent as its deadline is near (high within 6 hours, medium within 24);
 * accepted work as its capture window is near (high within 2 days, medium within 7). Until the
 * capture is confirmed, the customer's timeline raises that: an urgent request never reads low
 * (one job read LOW, STANDARD, LOW and HIGH as it moved, while the customer had asked for ASAP).
 * What is done, expired or past its window is standard.
 */
export function projectUrgency(project: TTimedProject, now: number): TProjectUrgency {
  const status = projectStatus(project);
  if (status !== 'assigned' && status !== 'accepted') return 'standard';
  const byClock = urgencyByClock(project, status, now);
  const open = status === 'assigned' ? new Date(project.respondBy).getTime() > now : true;
  const confirmed = Boolean(project.scheduledStart && project.scheduledEnd);
  const timeline = project.preferredDates?.timeline;
  if (!open || confirmed || !timeline) return byClock;
  return moreUrgent(byClock, TIMELINE_URGENCY[timeline] ?? 'standard');
}
