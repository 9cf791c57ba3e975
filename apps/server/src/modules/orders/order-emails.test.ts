import { describe, expect, it } from 'vitest';
import { scheduleConfirmedEmails } from './order-emails.ts';
import type { TOrderRow } from './orders-repository.ts';

/** Capture times in e-mails are the place's, with its zone named (decision 141). */

function orderAt(place: TOrderRow['place']): TOrderRow {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Virtual Tour — Commercial, Leeds',
    status: 'scheduled',
    location: 'Leeds',
    propertyKey: null,
    captureType: 'virtual-tour',
    preferredDates: null,
    customerOrgId: '44444444-4444-4444-8444-444444444444',
    currency: 'GBP',
    leadId: null,
    requestDetails: null,
    scheduledStart: null,
    scheduledEnd: null,
    place,
    preferredWindows: [],
    accessNotes: null,
    deliveryRound: 1,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-01T00:00:00Z'),
  };
}

const start = new Date('2026-12-03T09:00:00Z');
const end = new Date('2026-12-03T12:00:00Z');

describe('schedule e-mails', () => {
  it('give a placed order’s window in its time zone, named', () => {
    const [email] = scheduleConfirmedEmails({
      order: orderAt({ label: 'Tokyo, Tokyo, JP', lat: 35.69, lon: 139.69, timeZone: 'Asia/Tokyo' }),
      start,
      end,
      recipients: ['ops@example.test'],
    });
    expect(email?.text).toContain('Dec 3, 2026, 6:00 PM (Asia/Tokyo)');
    expect(email?.text).toContain('Dec 3, 2026, 9:00 PM (Asia/Tokyo)');
  });

  it('give an unplaced order’s window in UTC, as every other time', () => {
    const [email] = scheduleConfirmedEmails({ order: orderAt(null), start, end, recipients: ['ops@example.test'] });
    expect(email?.text).toContain('Dec 3, 2026, 9:00 AM UTC');
  });
});
