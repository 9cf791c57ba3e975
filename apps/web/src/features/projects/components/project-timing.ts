import { captureWindow, projectStatus, type TTimedProject } from '@spacecapture/shared/provider-projects';

/**
 * Time left on an offer and the date a project card shows as due (decision 050); status and urgency
 * are `@spacecapture/shared/provider-projects`. Pure: `now` is passed in.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

/** The date a project card shows as due: the response deadline of an offer, else the capture start. */
export function dueDate(project: TTimedProject): { label: string; at: string } | null {
  if (projectStatus(project) === 'assigned') return { label: 'Respond by', at: project.respondBy };
  const window = captureWindow(project);
  if (!window) return null;
  return { label: window.confirmed ? 'Scheduled' : 'Proposed', at: window.start };
}
