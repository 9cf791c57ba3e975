import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';

/**
 * Time-based facts of a project, computed from the real respond-by deadline and capture window
 * (docs/decisions/050-provider-dashboard-urgency-and-status.md). Pure: `now` is passed in.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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
  | 'declined'
  | 'expired'
  | 'withdrawn'
  | 'cancelled';

type TTimedProject = Pick<
  TProviderAssignment,
  'status' | 'orderStatus' | 'respondBy' | 'scheduledStart' | 'scheduledEnd' | 'proposedStart' | 'proposedEnd'
>;

export type TTimeLeft = { expired: boolean; hours: number; minutes: number };

/** Whole hours and minutes until `deadline` (rounded down), or expired once it has passed. */
export function timeLeft(deadline: string, now: number): TTimeLeft {
  const remaining = new Date(deadline).getTime() - now;
  if (!(remaining > 0)) return { expired: true, hours: 0, minutes: 0 };
  return { expired: false, hours: Math.floor(remaining / HOUR), minutes: Math.floor((remaining % HOUR) / MINUTE) };
}

function plural(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "5 hours 12 minutes", "1 hour 0 minutes", "less than a minute". */
export function formatTimeLeft(left: TTimeLeft): string {
  if (left.hours === 0 && left.minutes === 0) return 'less than a minute';
  if (left.hours === 0) return plural(left.minutes, 'minute');
  return `${plural(left.hours, 'hour')} ${plural(left.minutes, 'minute')}`;
}

/** What the provider sees about the work, from the offer's state and the order's progress. */
export function projectStatus(project: Pick<TProviderAssignment, 'status' | 'orderStatus'>): TProjectStatus {
  if (project.orderStatus === 'cancelled') return 'cancelled';
  if (project.status === 'offered') return 'assigned';
  if (project.status !== 'accepted') return project.status;
  if (project.orderStatus === 'captured') return 'in_progress';
  if (project.orderStatus === 'delivered') return 'delivered';
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

/**
 * An open offer is as urgent as its deadline is near (high within 6 hours, medium within 24);
 * accepted work as its capture window is near (high within 2 days, medium within 7); the rest —
 * nothing due, or already done — is standard.
 */
export function projectUrgency(project: TTimedProject, now: number): TProjectUrgency {
  const status = projectStatus(project);
  if (status === 'assigned') {
    const remaining = new Date(project.respondBy).getTime() - now;
    if (!(remaining > 0)) return 'standard';
    if (remaining <= 6 * HOUR) return 'high';
    if (remaining <= DAY) return 'medium';
    return 'low';
  }
  if (status !== 'accepted') return 'standard';
  const window = captureWindow(project);
  if (!window) return 'standard';
  const untilStart = new Date(window.start).getTime() - now;
  if (new Date(window.end).getTime() <= now) return 'standard';
  if (untilStart <= 2 * DAY) return 'high';
  if (untilStart <= 7 * DAY) return 'medium';
  return 'low';
}

/** The date a project card shows as due: the response deadline of an offer, else the capture start. */
export function dueDate(project: TTimedProject): { label: string; at: string } | null {
  if (projectStatus(project) === 'assigned') return { label: 'Respond by', at: project.respondBy };
  const window = captureWindow(project);
  if (!window) return null;
  return { label: window.confirmed ? 'Scheduled' : 'Proposed', at: window.start };
}
