import { z } from 'zod';
import { boundedText, FIELD_LIMITS } from '../fields.ts';

/** API keys (issue 15, decision 115): a customer organisation's keys and the platform's. */

/** What a key may do. Each Bearer-enabled operation names the one scope it needs. */
export const API_KEY_SCOPES = ['orders:read', 'capture_requests:create', 'deliverables:read'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'orders:read': 'Read orders',
  'capture_requests:create': 'Create capture requests',
  'deliverables:read': 'Read deliverables',
};

/** Requests per key per minute unless API_KEY_RATE_LIMIT says otherwise. */
export const DEFAULT_API_KEY_RATE_LIMIT = 120;

export const API_KEY_MESSAGES = {
  createdTitle: 'API key created',
  created: (name: string) => `Copy the key "${name}" now: it is shown only once.`,
  revokedTitle: 'API key revoked',
  revoked: (name: string) => `Requests with "${name}" are refused from now on.`,
  failedTitle: 'Failed',
  empty: 'No API keys yet.',
  shownOnce: 'This is the only time the key is shown. Store it somewhere safe.',
  confirmRevoke: (name: string) => `Revoke "${name}"? Systems using it stop working at once.`,
} as const;

export const ZApiKeyScope = z.enum(API_KEY_SCOPES, { error: 'Choose one of the API key scopes.' });

export const ZCreateApiKeyRequest = z.object({
  name: boundedText(FIELD_LIMITS.name, { min: 1, message: 'Please enter a name for the key.' }),
  scopes: z
    .array(ZApiKeyScope)
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope may be chosen once.'),
  /** Optional end of validity; it must lie in the future. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Enter the expiry as a date and time.' }).nullish(),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The public part: `sck_<prefix>_…`. */
  prefix: z.string(),
  scopes: z.array(ZApiKeyScope),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ items: z.array(ZApiKey) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

/** The answer of a creation: the only time the whole key (`secret`) is shown. */
export const ZCreatedApiKey = z.object({ key: ZApiKey, secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
