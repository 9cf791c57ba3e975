import { z } from 'zod';
import { boundedText } from '../fields.ts';

/**
 * Share links (issue 14, decision 137): a customer admin shares one order's deliverables, read
 * only, with people who have no account. The link's token is shown once; only its hash is kept.
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
  gone: 'This link has expired or was revoked',
  goneDetail: 'Ask the person who shared it for a new link.',
  confirmRevoke: 'Revoke this link? Anyone using it loses access at once.',
} as const;

export const ZShareLinkExpiryDays = z.union(
  SHARE_LINK_EXPIRY_DAYS.map((days) => z.literal(days)),
  { error: `Choose an expiry of ${SHARE_LINK_EXPIRY_DAYS.join(', ')} days.` },
);

export const ZCreateShareLinkRequest = z.object({ expiresInDays: ZShareLinkExpiryDays }).strict();
export type TCreateShareLinkRequest = z.infer<typeof ZCreateShareLinkRequest>;

export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;

export const ZShareLink = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  status: z.enum(SHARE_LINK_STATUSES),
  expiresAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  viewCount: z.number().int(),
  lastViewedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
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
});
export type TSharedFile = z.infer<typeof ZSharedFile>;

/** What a share link shows: the order's title and its files, nothing else about the customer. */
export const ZSharedOrder = z.object({
  title: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  files: z.array(ZSharedFile),
});
export type TSharedOrder = z.infer<typeof ZSharedOrder>;
