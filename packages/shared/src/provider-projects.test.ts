import { describe, expect, it } from 'vitest';
import type { TProviderAssignment } from './contracts/provider-portal.ts';
import { projectStatus, projectUrgency } from './provider-projects.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(NOW + offset).toISOString();

type TTimed = Parameters<typeof projectUrgency>[0];

function offer(respondIn: number): TTimed {
  return {
    status: 'offered',
    orderStatus: 'assigned',
    respondBy: at(respondIn),
    scheduledStart: null,
    scheduledEnd: null,
    proposedStart: null,
    proposedEnd: null,
  };
}

function accepted(window: Partial<TTimed> = {}, orderStatus: TProviderAssignment['orderStatus'] = 'assigned'): TTimed {
  return { ...offer(-DAY), status: 'accepted', orderStatus, ...window };
}

describe('projectUrgency', () => {
  it('rates an open offer by the time left to respond', () => {
    expect(projectUrgency(offer(5 * HOUR), NOW)).toBe('high');
    expect(projectUrgency(offer(6 * HOUR), NOW)).toBe('high');
    expect(projectUrgency(offer(7 * HOUR), NOW)).toBe('medium');
    expect(projectUrgency(offer(DAY), NOW)).toBe('medium');
    expect(projectUrgency(offer(47 * HOUR), NOW)).toBe('low');
    expect(projectUrgency(offer(-MINUTE), NOW)).toBe('standard');
  });

  it('rates accepted work by its capture window, confirmed or proposed', () => {
    const confirmed = (start: number) =>
      accepted({ scheduledStart: at(start), scheduledEnd: at(start + 4 * HOUR) }, 'scheduled');
    expect(projectUrgency(confirmed(DAY), NOW)).toBe('high');
    expect(projectUrgency(confirmed(3 * DAY), NOW)).toBe('medium');
    expect(projectUrgency(confirmed(10 * DAY), NOW)).toBe('low');
    expect(projectUrgency(accepted({ proposedStart: at(HOUR), proposedEnd: at(3 * HOUR) }), NOW)).toBe('high');
    // Under way right now: still high; over: nothing left to do.
    expect(projectUrgency(confirmed(-HOUR), NOW)).toBe('high');
    expect(projectUrgency(confirmed(-5 * HOUR), NOW)).toBe('standard');
    expect(projectUrgency(accepted(), NOW)).toBe('standard');
    expect(projectUrgency(accepted({}, 'completed'), NOW)).toBe('standard');
  });
});

describe('projectStatus', () => {
  it("raises an unconfirmed job to the customer's timeline, never past a confirmed window or an expired offer", () => {
    const urgent = { preferredDates: { timeline: 'urgent' } };
    expect(projectUrgency({ ...offer(47 * HOUR), ...urgent }, NOW)).toBe('high');
    expect(projectUrgency({ ...accepted(), ...urgent }, NOW)).toBe('high');
    expect(projectUrgency({ ...accepted(), preferredDates: { timeline: 'standard' } }, NOW)).toBe('low');
    expect(projectUrgency({ ...offer(5 * HOUR), preferredDates: { timeline: 'planning' } }, NOW)).toBe('high');
    expect(projectUrgency({ ...offer(-MINUTE), ...urgent }, NOW)).toBe('standard');
    expect(
      projectUrgency(
        { ...accepted({ scheduledStart: at(10 * DAY), scheduledEnd: at(10 * DAY + HOUR) }), ...urgent },
        NOW,
      ),
    ).toBe('low');
    expect(projectUrgency({ ...accepted({}, 'completed'), ...urgent }, NOW)).toBe('standard');
  });

  it('names the stage in the spec words', () => {
    expect(projectStatus(offer(HOUR))).toBe('assigned');
    expect(projectStatus(accepted())).toBe('accepted');
    expect(projectStatus(accepted({}, 'scheduled'))).toBe('accepted');
    expect(projectStatus(accepted({}, 'captured'))).toBe('in_progress');
    expect(projectStatus(accepted({}, 'delivered'))).toBe('delivered');
    expect(projectStatus(accepted({}, 'changes_requested'))).toBe('changes_requested');
    expect(projectStatus(accepted({}, 'completed'))).toBe('completed');
    expect(projectStatus({ status: 'declined', orderStatus: 'approved' })).toBe('declined');
    expect(projectStatus(accepted({}, 'cancelled'))).toBe('cancelled');
  });
});
