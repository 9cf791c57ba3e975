import { z } from 'zod';
import { boundedText, emailField, FIELD_LIMITS, optionalText } from '../fields.ts';
import { ZPointTree } from './point-trees.ts';
import { ZTourView } from './tour-links.ts';

/**
 * Share links (issue 14, decision 137): a customer admin shares one order's deliverables, or a
 * property's (decision 234), read only, with people who have no account. The link's token is shown once; only its hash is kept.
 */

/** How long a new link stays valid, in days. The longest is 90. */
export const SHARE_LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;
export type TShareLinkExpiryDays = (typeof SHARE_LINK_EXPIRY_DAYS)[number];
export const DEFAULT_SHARE_LINK_EXPIRY_DAYS: TShareLinkExpiryDays = 7;

/** Requests per minute per address on the public share endpoints unless SHARE_RATE_LIMIT says otherwise. */
export const DEFAULT_SHARE_RATE_LIMIT = 120;

/** 32 random bytes in base64url: 256 bits, so a link cannot be guessed. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SHARE_LINK_MESSAGES = {
  createdTitle: 'Share link created',
  created: 'Copy the link now: it is shown only once.',
  revokedTitle: 'Share link revoked',
  revoked: 'The link no longer opens the files.',
  failedTitle: 'Failed',
  empty: 'No share links yet.',
  downloadAll: 'Download all',
  gone: 'This link has expired or was revoked',
  goneDetail: 'Ask the person who shared it for a new link.',
  confirmRevoke: 'Revoke this link? Anyone using it loses access at once.',
} as const;

export const ZShareLinkExpiryDays = z.union(
  SHARE_LINK_EXPIRY_DAYS.map((days) => z.literal(days)),
  { error: `Choose an expiry of ${SHARE_LINK_EXPIRY_DAYS.join(', ')} days.` },
);

/**
 * How a link's page looks (decision 223): branded shows the organisation's name, logo, colour and
 * contact; unbranded shows none of it, nor the platform's name, fit for listing services.
 */
export const SHARE_LINK_PRESENTATIONS = ['unbranded', 'branded'] as const;
export type TShareLinkPresentation = (typeof SHARE_LINK_PRESENTATIONS)[number];
export const SHARE_LINK_PRESENTATION_LABELS: Record<TShareLinkPresentation, string> = {
  unbranded: 'Unbranded (for listing services)',
  branded: 'Branded (your logo and contact)',
};
export const ZShareLinkPresentation = z.enum(SHARE_LINK_PRESENTATIONS, {
  error: 'Choose branded or unbranded.',
});

/** The most sites one link's embed may be framed on (decision 224). */
export const MAX_EMBED_ORIGINS = 10;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * One site allowed to frame a link's embed, as its origin: https (plain http only for this
 * machine's own addresses, for trying it out), a host, an optional port, nothing after.
 */
export const ZEmbedOrigin = boundedText(FIELD_LIMITS.url).transform((value, context) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  const bare =
    url && !url.username && !url.password && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  if (!url || !secure || !bare || value.endsWith('/')) {
    context.addIssue({ code: 'custom', message: 'Enter a site as https://example.com (no path).' });
    return z.NEVER;
  }
  return url.origin;
});
export const ZEmbedOrigins = z
  .array(ZEmbedOrigin)
  .max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} sites.`)
  .transform((origins) => [...new Set(origins)]);

/** What the customer may change on a link: its page and the sites its embed may appear on. */
export const ZUpdateShareLinkRequest = z
  .object({ presentation: ZShareLinkPresentation.optional(), embedOrigins: ZEmbedOrigins.optional() })
  .strict()
  .refine((value) => value.presentation !== undefined || value.embedOrigins !== undefined, {
    message: 'Send a presentation, embed sites or both.',
  });
export type TUpdateShareLinkRequest = z.input<typeof ZUpdateShareLinkRequest>;

export const ZCreateShareLinkRequest = z
  .object({ expiresInDays: ZShareLinkExpiryDays, presentation: ZShareLinkPresentation.default('unbranded') })
  .strict();
export type TCreateShareLinkRequest = z.infer<typeof ZCreateShareLinkRequest>;

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;

export const ZShareLink = z.object({
  id: z.uuid(),
  /** What the link shares: one order, or a property (`propertyId`, decision 237); the other is null. */
  orderId: z.uuid().nullable(),
  propertyId: z.string().nullable(),
  status: z.enum(SHARE_LINK_STATUSES),
  presentation: ZShareLinkPresentation,
  /** The sites its embed (`/embed/<token>`) may be framed on; empty: nowhere (decision 224). */
  embedOrigins: z.array(z.string()),
  expiresAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  viewCount: z.number().int(),
  /** Distinct visitors, each counted once a day (decision 222). */
  visitorCount: z.number().int(),
  lastViewedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Opens (views in the viewer or downloads) of each file opened through the link, most opened first. */
  fileOpens: z.array(
    z.object({
      fileId: z.uuid(),
      fileName: z.string(),
      opens: z.number().int(),
      lastOpenedAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type TShareLink = z.infer<typeof ZShareLink>;

export const ZShareLinkList = z.object({ items: z.array(ZShareLink) });
export type TShareLinkList = z.infer<typeof ZShareLinkList>;

/** The link as created: the only answer that carries the token (in `url`). */
export const ZCreatedShareLink = z.object({ link: ZShareLink, url: z.string() });
export type TCreatedShareLink = z.infer<typeof ZCreatedShareLink>;

/** The token as a path parameter: bounded, then checked for shape by the service. */
export const ZShareTokenParams = z.object({ token: boundedText(100) });
export const ZShareFileParams = z.object({ token: boundedText(100), fileId: z.uuid() });

/** One file on the public page: nothing but what a viewer needs. */
export const ZSharedFile = z.object({
  id: z.uuid(),
  name: z.string(),
  sizeBytes: z.number(),
  contentType: z.string().optional(),
  thumbnailUrl: z.string().nullable(),
  /** A tour link (decision 233): its address and whether to frame it; null for a file. */
  tour: ZTourView.nullable(),
  /** A point cloud's streaming tree (decisions 226, 245): the viewer streams it once ready. */
  pointTree: ZPointTree,
});
export type TSharedFile = z.infer<typeof ZSharedFile>;

/**
 * What a share link shows: the order's title and its files, nothing else about the customer. A
 * property's link (decision 234) is titled by its place and lists its orders' files order by order.
 */
export const ZSharedOrder = z.object({
  title: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  files: z.array(ZSharedFile),
  /**
   * A property's link: its orders, newest first, each with its title (without the address), when
   * its latest shared file was delivered, and the ids of its files in `files`; null on an order's link.
   */
  orders: z
    .array(z.object({ title: z.string(), deliveredAt: z.iso.datetime({ offset: true }), fileIds: z.array(z.uuid()) }))
    .nullable(),
  /** The organisation's branding on a branded link; null on an unbranded one (decision 223). */
  branding: z
    .object({
      organizationName: z.string(),
      color: z.string().nullable(),
      contactName: z.string().nullable(),
      contactEmail: z.string().nullable(),
      contactPhone: z.string().nullable(),
      logoUrl: z.string().nullable(),
    })
    .nullable(),
  /** Where "Download all" fetches the zip of the current files (decision 221); null when there are none. */
  archiveUrl: z.string().nullable(),
});
export type TSharedOrder = z.infer<typeof ZSharedOrder>;

/** An accent colour as the colour input gives it: #rrggbb. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** A customer organisation's branding for its branded share pages (decision 223). */
export const ZOrganizationBranding = z.object({
  color: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** The logo as the portal shows it (same origin, the session's); null without one. */
  logoUrl: z.string().nullable(),
});
export type TOrganizationBranding = z.infer<typeof ZOrganizationBranding>;

export const ZUpdateBrandingRequest = z
  .object({
    color: boundedText(7)
      .regex(BRAND_COLOR_PATTERN, 'Choose a colour as #rrggbb.')
      .nullable()
      .transform((value) => value?.toLowerCase() ?? null),
    contactName: optionalText(FIELD_LIMITS.name),
    contactEmail: emailField('Please enter a valid e-mail address.')
      .nullish()
      .or(z.literal('').transform(() => null))
      .transform((value) => value ?? null),
    contactPhone: optionalText(FIELD_LIMITS.phone),
  })
  .strict();
export type TUpdateBrandingRequest = z.input<typeof ZUpdateBrandingRequest>;

/** The logo an organisation may send: these image types, at most this many bytes (re-encoded before use). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export const BRANDING_MESSAGES = {
  saved: 'Branding saved',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
  logoUnreadable: 'The logo could not be read. Send a PNG, JPEG, WebP or SVG image of at most 2 MB.',
} as const;
