import { z } from 'zod';
import { boundedText, FIELD_LIMITS } from '../fields.ts';

/**
 * Tour-link deliverables (decision 233): an external tour's https address delivered instead of a
 * file, on a host the admins list, embedded where that host allows framing and opened in a new
 * tab otherwise.
 */

/** One host admins allow tours from, and whether its pages may be framed by ours. */
export const ZTourHost = z.object({
  host: boundedText(253, { min: 1, message: 'Enter a host name.' })
    .transform((value) => value.toLowerCase())
    .refine((value) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value), {
      message: 'Enter a host name such as my.matterport.com (no scheme, port or path).',
    }),
  embeddable: z.boolean(),
});
export type TTourHost = z.infer<typeof ZTourHost>;

/** At most this many hosts: each embeddable one is a word of every page's frame-src. */
export const TOUR_HOSTS_LIMIT = 30;

/** Until an admin saves a list: the common tour services, all of which serve embeddable players. */
export const DEFAULT_TOUR_HOSTS: readonly TTourHost[] = [
  { host: 'my.matterport.com', embeddable: true },
  { host: 'kuula.co', embeddable: true },
  { host: 'app.cloudpano.com', embeddable: true },
];

export const ZTourHosts = z.object({
  hosts: z
    .array(ZTourHost)
    .max(TOUR_HOSTS_LIMIT, `At most ${TOUR_HOSTS_LIMIT} hosts.`)
    .refine((hosts) => new Set(hosts.map((entry) => entry.host)).size === hosts.length, {
      message: 'Each host once.',
    }),
});
export type TTourHosts = z.infer<typeof ZTourHosts>;

/** The list as the server answers it (an answer's schema has no transforms). */
export const ZTourHostList = z.object({ hosts: z.array(z.object({ host: z.string(), embeddable: z.boolean() })) });

export const TOUR_LINK_MESSAGES = {
  notUrl: 'Enter the tour’s full address, starting with https://.',
  notHttps: 'Only https:// tour addresses can be delivered.',
  credentials: 'The address must not contain a user name or password.',
  hostNotListed: (host: string) =>
    `${host} is not on the list of tour hosts an admin allows. Ask an admin to add it, or upload a file.`,
} as const;

/** What a provider sends: the address (checked against the hosts by the server) and a title. */
export const ZDeliverTourLinkRequest = z.object({
  url: boundedText(FIELD_LIMITS.url, { min: 1, message: TOUR_LINK_MESSAGES.notUrl }),
  title: boundedText(FIELD_LIMITS.name, { min: 1, message: 'Give the tour a title.' }),
});
export type TDeliverTourLinkRequest = z.infer<typeof ZDeliverTourLinkRequest>;

export const ZDeliveredTourLink = z.object({ deliverableId: z.uuid(), url: z.string() });
export type TDeliveredTourLink = z.infer<typeof ZDeliveredTourLink>;

/**
 * Checks an address against the hosts: the URL as it will be stored and shown, or the one message
 * that says what is wrong. A host matches exactly (no subdomains: the list names each one).
 */
export function checkTourUrl(
  raw: string,
  hosts: readonly TTourHost[],
): { ok: true; url: string; host: TTourHost } | { ok: false; message: string } {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { ok: false, message: TOUR_LINK_MESSAGES.notUrl };
  }
  if (parsed.protocol !== 'https:') return { ok: false, message: TOUR_LINK_MESSAGES.notHttps };
  if (parsed.username || parsed.password) return { ok: false, message: TOUR_LINK_MESSAGES.credentials };
  const host = hosts.find((entry) => entry.host === parsed.hostname && parsed.port === '');
  if (!host) return { ok: false, message: TOUR_LINK_MESSAGES.hostNotListed(parsed.host) };
  return { ok: true, url: parsed.href, host };
}

/** The `frame-src` sources of the embeddable hosts: `https://host` each, nothing else. */
export function tourFrameSources(hosts: readonly TTourHost[]) {
  return hosts.filter((entry) => entry.embeddable).map((entry) => `https://${entry.host}`);
}

/** A tour as the customer and a share page see it: where it is, and whether to frame it. */
export const ZTourView = z.object({ url: z.string(), embeddable: z.boolean() });
export type TTourView = z.infer<typeof ZTourView>;

/** The sandbox and permissions of a framed tour: scripts and its own origin, nothing of ours. */
export const TOUR_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-forms';
export const TOUR_FRAME_ALLOW = 'fullscreen; xr-spatial-tracking; gyroscope; accelerometer';
