import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import type { TTimedProject } from '@spacecapture/shared/provider-projects';
import { describe, expect, it } from 'vitest';
import { dueDate, formatTimeLeft, timeLeft } from './project-timing.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(NOW + offset).toISOString();

type TTimed = TTimedProject;

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

describe('timeLeft and formatTimeLeft', () => {
  it('counts whole hours and minutes down to the deadline', () => {
    const left = timeLeft(at(23 * HOUR + 41 * MINUTE + 59_000), NOW);
    expect(left).toEqual({ expired: false, hours: 23, minutes: 41 });
    expect(formatTimeLeft(left)).toBe('23 hours 41 minutes');
    expect(formatTimeLeft(timeLeft(at(HOUR + MINUTE), NOW))).toBe('1 hour 1 minute');
    expect(formatTimeLeft(timeLeft(at(5 * MINUTE), NOW))).toBe('5 minutes');
    expect(formatTimeLeft(timeLeft(at(30_000), NOW))).toBe('less than a minute');
  });

  it('is expired at and after the deadline', () => {
    expect(timeLeft(at(0), NOW).expired).toBe(true);
    expect(timeLeft(at(-HOUR), NOW)).toEqual({ expired: true, hours: 0, minutes: 0 });
  });
});

describe('dueDate', () => {
  it('is the response deadline for an offer and the capture start for accepted work', () => {
    expect(dueDate(offer(HOUR))).toEqual({ label: 'Respond by', at: at(HOUR) });
    expect(dueDate(accepted())).toBeNull();
    expect(dueDate(accepted({ proposedStart: at(DAY), proposedEnd: at(DAY + HOUR) }))).toEqual({
      label: 'Proposed',
      at: at(DAY),
    });
    expect(
      dueDate(
        accepted({
          proposedStart: at(DAY),
          proposedEnd: at(DAY + HOUR),
          scheduledStart: at(2 * DAY),
          scheduledEnd: at(2 * DAY + HOUR),
        }),
      ),
    ).toEqual({ label: 'Scheduled', at: at(2 * DAY) });
  });
});
