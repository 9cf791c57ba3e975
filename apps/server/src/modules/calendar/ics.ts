/**
 * A minimal RFC 5545 writer for the calendar feeds (decision 146): one VCALENDAR of VEVENTs with
 * times in UTC, TEXT values escaped (§3.3.11) and content lines folded at 75 octets (§3.1).
 */

export type TCalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  /** Left out when the reader may not see the address. */
  location?: string | null;
  description?: string | null;
};

/** "20270304T083000Z": a DATE-TIME in UTC (FORM #2). */
export function icsDateTime(value: Date): string {
  return value
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT escaping: backslash, semicolon, comma, and line breaks as "\n". */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds a content line so that no line is longer than 75 octets, never splitting a UTF-8
 * character: each continuation starts with one space (which counts toward its 75).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
      limit = 74; // the leading space of a continuation line takes one octet
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function serializeCalendar(input: { name: string; events: readonly TCalendarEvent[]; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SpaceCapture//Capture schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
  ];
  const stamp = icsDateTime(input.now);
  for (const event of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsDateTime(event.start)}`,
      `DTEND:${icsDateTime(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
