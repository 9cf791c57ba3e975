import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsDateTime, serializeCalendar } from './ics.ts';

describe('calendar serializer', () => {
  it('writes times in UTC without separators', () => {
    expect(icsDateTime(new Date('2027-03-04T08:30:00+01:00'))).toBe('20270304T073000Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    // Unfolding (remove CRLF + one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('writes one VEVENT per capture, with a location only when given', () => {
    const text = serializeCalendar({
      name: 'Acme captures',
      now: new Date('2027-03-01T00:00:00Z'),
      events: [
        {
          uid: 'a1@spacecapture',
          start: new Date('2027-03-04T08:30:00Z'),
          end: new Date('2027-03-04T12:30:00Z'),
          summary: 'Capture: Office, floor 2',
          location: '1 Main St; Springfield',
        },
        {
          uid: 'a2@spacecapture',
          start: new Date('2027-03-05T08:00:00Z'),
          end: new Date('2027-03-05T09:00:00Z'),
          summary: 'Capture',
        },
      ],
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain(
      'UID:a1@spacecapture\r\nDTSTAMP:20270301T000000Z\r\nDTSTART:20270304T083000Z\r\nDTEND:20270304T123000Z',
    );
    expect(text).toContain('SUMMARY:Capture: Office\\, floor 2');
    expect(text).toContain('LOCATION:1 Main St\\; Springfield');
    expect(text.match(/LOCATION:/g)).toHaveLength(1);
    expect(text.includes('\n') && !/[^\r]\n/.test(text)).toBe(true);
  });
});

describe('calendar serializer against a parser', () => {
  it('parses with ical.js: every event with its UID, UTC times, summary and location', () => {
    const text = serializeCalendar({
      name: 'Feed, with; specials',
      now: new Date('2027-03-01T00:00:00Z'),
      events: [
        {
          uid: 'b1@spacecapture',
          start: new Date('2027-03-04T08:30:00Z'),
          end: new Date('2027-03-04T12:30:00Z'),
          summary: `Capture: ${'Long title, '.repeat(10)}end`,
          location: 'Quay 4; back door\nring twice',
        },
      ],
    });
    const component = new ICAL.Component(ICAL.parse(text));
    const [event] = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(event?.uid).toBe('b1@spacecapture');
    expect(event?.startDate.toJSDate().toISOString()).toBe('2027-03-04T08:30:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2027-03-04T12:30:00.000Z');
    expect(event?.summary).toBe(`Capture: ${'Long title, '.repeat(10)}end`);
    expect(event?.location).toBe('Quay 4; back door\nring twice');
  });
});
