import { describe, expect, it } from 'vitest';
import { providerReadiness } from './provider-readiness.ts';

const now = new Date('2026-12-01T09:00:00Z');
const base = { label: 'Leeds' };
const hours = [{ weekday: 1 }, { weekday: 2 }];

describe('providerReadiness', () => {
  it('lists all four items to do for a provider with nothing recorded', () => {
    const readiness = providerReadiness({ certifications: [], deviceCount: 0, availability: null }, now);
    expect(readiness.ready).toBe(false);
    expect(readiness.items.map((item) => [item.key, item.done])).toEqual([
      ['certification', false],
      ['service-base', false],
      ['working-hours', false],
      ['devices', false],
    ]);
    expect(readiness.items[0]?.detail).toBe('No active certification: request one on the Certification page.');
  });

  it('is ready with a valid certification, a base, hours and a device, and says what stands', () => {
    const readiness = providerReadiness(
      {
        certifications: [{ status: 'active', expiry: '2027-06-30T00:00:00.000Z' }],
        deviceCount: 2,
        availability: { workingHours: hours, bases: [base, { label: 'York' }] },
      },
      now,
    );
    expect(readiness.ready).toBe(true);
    expect(readiness.items.map((item) => item.detail)).toEqual([
      'An active certification is on record.',
      'Works from Leeds, York.',
      'Works on 2 days a week.',
      '2 devices registered.',
    ]);
  });

  it('does not count an expired or a pending certification, and says when one waits for an admin', () => {
    const expired = providerReadiness(
      {
        certifications: [{ status: 'active', expiry: '2026-11-30T00:00:00.000Z' }],
        deviceCount: 1,
        availability: null,
      },
      now,
    );
    expect(expired.items[0]?.done).toBe(false);
    const pending = providerReadiness(
      { certifications: [{ status: 'pending', expiry: null }], deviceCount: 1, availability: null },
      now,
    );
    expect(pending.items[0]).toMatchObject({
      done: false,
      detail: 'A certification waits for an admin to verify it.',
    });
  });
});
