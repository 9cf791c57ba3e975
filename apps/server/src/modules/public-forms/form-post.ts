import {
  ZCaptureRequest,
  ZContactMessageRequest,
  ZProviderApplication,
} from '@spacecapture/shared/contracts/public-forms';
import { fieldMessages } from '@spacecapture/shared/errors';
import { FORM_POSTS, type TFormPostName } from '@spacecapture/shared/form-posts';
import type { z } from 'zod';
import { hashRequest } from '../idempotency/idempotency.ts';

/**
 * Plain HTML form posts of the public forms (decision 068): what a browser sends when the form's
 * script has not run, read into the same contract the JSON API validates with.
 */

/** The values of a posted form by field name; a repeated name keeps its first value. */
export type TPostedFields = Map<string, string>;

/** A field's name and the label the visitor saw on the form, in the form's order. */
type TFieldLabels = Readonly<Record<string, string>>;

export type TFormPost<S extends z.ZodObject = z.ZodObject> = {
  name: TFormPostName;
  schema: S;
  /** Checkboxes: a browser sends nothing for an unticked one. */
  checkboxes: readonly string[];
  /**
   * Lists of rows posted as `list.N.part` (the names react-hook-form gives a field array): a row
   * whose parts are all empty is a row the visitor did not use and is left out.
   */
  rows?: Readonly<Record<string, readonly string[]>>;
  labels: TFieldLabels;
  /** The trap for bots (a field people never see): never echoed back into a page. */
  honeypot: string;
  /** The heading of the page that lists what to fix. */
  problemsTitle: string;
};

const TERMS_LABEL = 'Terms of Service and Privacy Policy';

export const CAPTURE_REQUEST_POST: TFormPost<typeof ZCaptureRequest> = {
  name: 'captureRequest',
  schema: ZCaptureRequest,
  checkboxes: ['terms'],
  rows: { preferredWindows: ['date', 'from', 'to'] },
  labels: {
    name: 'Full Name',
    email: 'Email',
    phone: 'Phone',
    companyName: 'Company Name',
    spaceType: 'Space Type',
    location: 'Location',
    placeId: 'Location',
    'preferredWindows.date': 'Preferred date',
    'preferredWindows.from': 'Preferred from',
    'preferredWindows.to': 'Preferred until',
    accessNotes: 'Access Notes',
    spaceSize: 'Space Size',
    captureType: 'What do you need?',
    timeline: 'Timeline',
    additionalInfo: 'Additional Information',
    terms: TERMS_LABEL,
    website: 'Website',
  },
  honeypot: 'website',
  problemsTitle: 'Please check your request',
};

export const PROVIDER_APPLICATION_POST: TFormPost<typeof ZProviderApplication> = {
  name: 'providerApplication',
  schema: ZProviderApplication,
  checkboxes: ['terms'],
  labels: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    companyName: 'Company Name',
    website: 'Website',
    regions: 'Regions Covered',
    devices: 'Devices Owned',
    experienceLevel: 'Experience Level',
    portfolio: 'Portfolio',
    additionalInfo: 'Additional Information',
    terms: TERMS_LABEL,
    fax: 'Fax',
  },
  honeypot: 'fax',
  problemsTitle: 'Please check your application',
};

export const CONTACT_MESSAGE_POST: TFormPost<typeof ZContactMessageRequest> = {
  name: 'contactMessage',
  schema: ZContactMessageRequest,
  checkboxes: [],
  labels: {
    name: 'Your Name',
    email: 'Email Address',
    subject: 'Subject',
    message: 'Message',
    website: 'Website',
  },
  honeypot: 'website',
  problemsTitle: 'Please check your message',
};

/** The form whose action a path is (the route's own URL), for pages that answer a refused post. */
export function formPostOfAction(url: string | undefined): TFormPost | undefined {
  return [CAPTURE_REQUEST_POST, PROVIDER_APPLICATION_POST, CONTACT_MESSAGE_POST].find(
    (form) => FORM_POSTS[form.name].action === url,
  );
}

/**
 * Adds one posted value. A browser sends every line break of a textarea as CRLF; the script path
 * sends the textarea's own LF, so both store the same text.
 */
export function addPostedValue(fields: TPostedFields, name: string, value: string) {
  if (!fields.has(name)) fields.set(name, value.replaceAll('\r\n', '\n'));
}

/** An application/x-www-form-urlencoded body. */
export function readUrlEncoded(body: string): TPostedFields {
  const fields: TPostedFields = new Map();
  for (const [name, value] of new URLSearchParams(body)) addPostedValue(fields, name, value);
  return fields;
}

export type TFormPostResult<S extends z.ZodObject> =
  | { success: true; data: z.output<S> }
  | { success: false; problems: Record<string, string> };

/**
 * Validates a post with the form's contract. Every field of the contract is read by name (unknown
 * names are ignored); a text field a hand-made post left out reads as empty, as a browser sends an
 * untouched one; a checkbox counts as ticked when it was sent at all.
 */
export function parseFormPost<S extends z.ZodObject>(form: TFormPost<S>, fields: TPostedFields): TFormPostResult<S> {
  const input: Record<string, unknown> = {};
  for (const name of Object.keys(form.schema.shape)) {
    const parts = form.rows?.[name];
    if (parts) {
      input[name] = readRows(fields, name, parts);
    } else if (form.checkboxes.includes(name)) {
      if (fields.has(name)) input[name] = true;
    } else {
      input[name] = fields.get(name) ?? '';
    }
  }
  const parsed = form.schema.safeParse(input);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, problems: fieldMessages(parsed.error.issues) };
}

/** The most rows read of one list: more than any form shows, fewer than a hand-made post could send. */
const MAX_POSTED_ROWS = 10;

function readRows(fields: TPostedFields, name: string, parts: readonly string[]) {
  const rows: Record<string, string>[] = [];
  for (let index = 0; index < MAX_POSTED_ROWS; index++) {
    const row = Object.fromEntries(parts.map((part) => [part, fields.get(`${name}.${index}.${part}`) ?? '']));
    if (Object.values(row).some(Boolean)) rows.push(row);
  }
  return rows;
}

/** Posts of the same values within one window are one submission (a reload, a second click). */
const REPEAT_WINDOW_MS = 10 * 60_000;

/**
 * The Idempotency-Key of a form post, which cannot carry one (the prerendered page is the same for
 * every visitor): a hash of what was accepted and of the current window. The '/' keeps it apart
 * from every key a JSON client can send (the header allows none).
 */
export function formPostKey(accepted: unknown, now: Date): string {
  return `form-post/${hashRequest(accepted)}/${Math.floor(now.getTime() / REPEAT_WINDOW_MS)}`;
}
