import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_API_KEY_RATE_LIMIT } from '@spacecapture/shared/contracts/api-keys';
import { DEFAULT_SHARE_RATE_LIMIT } from '@spacecapture/shared/contracts/share-links';
import { z } from 'zod';

/**
 * Configuration from the environment, parsed once at start. A bad value stops the start with a
 * message naming the variable and what was expected.
 */

/**
 * A URL with one of `protocols`. With `host`, it must name a server: `smtp:/mail` parses (these
 * schemes are not special to the URL standard) but has none, and the client would pick its own.
 */
const ZUrl = (protocols: readonly string[], options: { host?: boolean } = {}) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return protocols.includes(url.protocol) && (!options.host || url.hostname !== '');
        } catch {
          return false;
        }
      },
      `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}${options.host ? ' and naming a host' : ''}`,
    );

/** proxy-addr's names for address ranges, which Fastify's trustProxy takes beside addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (10.0.0.0/8, fd00::/8), or a named range. */
function isProxyAddress(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * What Fastify's trustProxy takes, as text: on, off, or the addresses of our own proxies. Fastify
 * 5 ignores a hop count (it trusts nothing then, since a count cannot tell our proxy from a
 * client that sends its own X-Forwarded-For), so a number is refused rather than silently off.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .refine(
    (value) => !/^\d+$/.test(value),
    'a number of proxies is not supported: name their IP addresses or CIDR ranges',
  )
  .refine(
    (value) =>
      /^\d+$/.test(value) ||
      value === 'true' ||
      value === 'false' ||
      value.split(',').every((part) => isProxyAddress(part.trim())),
    'expected true, false, or comma-separated IP addresses or CIDR ranges of our own proxies',
  );

const ZEnvironment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: ZUrl(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: ZUrl(['http:', 'https:']).optional(),
  SMTP_URL: ZUrl(['smtp:', 'smtps:'], { host: true }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('SpaceCapture <no-reply@spacecapture.example>'),
  COMPANY_EMAIL: z.email('expected an e-mail address').default('hello@spacecapture.example'),
  REDIS_URL: ZUrl(['redis:', 'rediss:'], { host: true }).optional(),
  /** Whose X-Forwarded-For may be trusted: our own reverse proxies (addresses or ranges), or "true". */
  TRUST_PROXY: ZTrustProxy.optional(),
  /** Lets webhooks reach loopback addresses over http (local testing only; decision 118). */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset, there is no /metrics. */
  METRICS_TOKEN: z.string().trim().min(16, 'expected at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests in flight above which new ones are shed with 503 and Retry-After. */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * Milliseconds the event loop may stay busy without a pause before new requests are shed with
   * 503 and Retry-After (see load-shedding.ts).
   */
  SHED_AFTER_BUSY_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /**
   * A port of its own where a thread of its own answers GET /api/health/live, however busy the
   * server's event loop (decision 185); unset, liveness is answered on PORT only. 0 takes a free one.
   */
  LIVENESS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * Milliseconds a statement may wait for the embedded database before it starts; past it the
   * request is answered 503 with Retry-After (decision 184). PostgreSQL's pool has its own bound.
   */
  DATABASE_QUEUE_DEADLINE_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
  /** How long the event loop may go without a turn before LIVENESS_PORT answers 503. */
  LIVENESS_MAX_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Live event streams open at once on this instance, apart from MAX_IN_FLIGHT (decision 175);
   * past it a new stream is refused with 503 and Retry-After.
   */
  MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
  /** Live event streams one user may hold open on this instance; past it 429 and Retry-After. */
  MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(6),
  /** Live event streams one client address may hold open on this instance; past it 429 and Retry-After. */
  MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Free bytes under DATA_DIR below which readiness answers 503 (500 MB by default). */
  MIN_FREE_DISK_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000 ** 5)
    .default(500 * 1000 ** 2),
  /** Public POSTs allowed per client address per minute. */
  PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SHARE_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_SHARE_RATE_LIMIT),
  /** Webhook test sends a customer organisation may ask for per minute (decision 183). */
  WEBHOOK_TEST_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Requests per API key per minute (decision 115). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_API_KEY_RATE_LIMIT),
  /** Wrong API keys one client address may present per 15 minutes before every key it sends is refused with 429. */
  API_KEY_FAILURE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Live (unrevoked, unexpired) API keys one organisation, or the platform, may hold. */
  API_KEYS_PER_ORG: z.coerce.number().int().min(1).max(10_000).default(25),
  /** Live share links one order may have. */
  SHARE_LINKS_PER_ORDER: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Longest window, in hours, a provider may propose for a capture. */
  SCHEDULE_WINDOW_MAX_HOURS: z.coerce.number().int().min(1).max(8_760).default(24),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  /** Signs sessions and links; generated once and kept in the database when unset. */
  AUTH_SECRET: z.string().trim().min(32, 'expected at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('expected an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** Largest deliverable a provider may upload, in bytes (100 GB by default). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 4)
    .default(100 * 1000 ** 3),
  /**
   * Most bytes one provider organisation's unfinished uploads may announce together; at least
   * UPLOAD_MAX_BYTES, so the largest file allowed can always start. Unset: 200 GB, or
   * UPLOAD_MAX_BYTES when that is larger.
   */
  UPLOAD_RESERVED_BYTES_PER_ORG: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000 ** 5)
    .optional(),
  /** Files in an S3-compatible bucket instead of $DATA_DIR/files when S3_BUCKET is set. */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected a bucket name (3-63 lowercase letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: ZUrl(['http:', 'https:']).optional(),
  S3_REGION: z.string().trim().min(1).max(64).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], 'expected true or false').optional(),
  /** Card payments through Stripe (decision 230): both keys, or neither (bank transfer only). */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'expected a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'expected a signing secret (whsec_...)')
    .optional(),
  /**
   * The signing secret of Stripe's Connect endpoint (events of connected accounts, decision 227),
   * when it is another endpoint than STRIPE_WEBHOOK_SECRET's; unset, those are signed with that one.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'expected a signing secret (whsec_...)')
    .optional(),
  /** A Stripe-compatible API server (a test double); unset: Stripe itself. */
  STRIPE_API_URL: ZUrl(['http:', 'https:'], { host: true }).optional(),
  /** Minutes between passes that prune old rows (decision 081). */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Days an idempotency key (a replayable answer) is kept. */
  RETENTION_IDEMPOTENCY_KEYS_DAYS: z.coerce.number().int().min(1).max(36_500).default(7),
  /** Days a delivered e-mail stays in the outbox view. */
  RETENTION_SENT_EMAILS_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  /** Days an expired session is kept (0: removed at the next pass). */
  RETENTION_EXPIRED_SESSIONS_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  /** Days a notification is kept after it was read (decision 121); unread ones are kept. */
  RETENTION_READ_NOTIFICATIONS_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  /** Days a finished webhook delivery (succeeded or failed) is kept, from when it was queued; pending ones are kept. */
  RETENTION_WEBHOOK_DELIVERIES_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  /** Days the audit log keeps each use of an API key; creations and revocations are kept for good. */
  RETENTION_API_KEY_USES_DAYS: z.coerce.number().int().min(1).max(36_500).default(90),
});

const DEFAULT_UPLOAD_RESERVED_BYTES_PER_ORG = 200 * 1000 ** 3;

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

export type TStripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret, when it has one of its own (decision 227). */
  connectWebhookSecret: string | undefined;
  apiUrl: string | undefined;
};

export type TS3Config = {
  bucket: string;
  /** Unset: AWS itself, by region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  companyEmail: string;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: off, on, or the addresses and ranges of our proxies. */
  trustProxy: boolean | string[];
  logLevel: string;
  /** Webhooks may target loopback over http (decision 118). */
  webhooksAllowLoopback: boolean;
  /** Unset: no /metrics. */
  metricsToken: string | undefined;
  /** Unset: chosen by the database (the embedded one runs one statement at a time). */
  maxInFlight: number | undefined;
  livenessPort: number | undefined;
  databaseQueueDeadlineMs: number;
  livenessMaxStallMs: number;
  shedAfterBusyMs: number;
  /** Live event streams: their own budget, apart from maxInFlight (decision 175). */
  streams: { total: number; perUser: number; perAddress: number };
  minFreeDiskBytes: number;
  publicFormRateLimit: number;
  /** Requests per minute per address on the public share pages' endpoints. */
  shareRateLimit: number;
  apiKeyRateLimit: number;
  webhookTestRateLimit: number;
  apiKeyFailureLimit: number;
  apiKeysPerOrg: number;
  shareLinksPerOrder: number;
  scheduleWindowMaxHours: number;
  webDistDir: string | undefined;
  authSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  uploadMaxBytes: number;
  uploadReservedBytesPerOrg: number;
  /** Unset: files on local disk under $DATA_DIR/files. */
  s3: TS3Config | undefined;
  /** Unset: no card payments, bank transfer only (decision 230). */
  stripe: TStripeConfig | undefined;
  retention: {
    intervalMinutes: number;
    idempotencyKeysDays: number;
    sentEmailsDays: number;
    expiredSessionsDays: number;
    readNotificationsDays: number;
    webhookDeliveriesDays: number;
    apiKeyUsesDays: number;
  };
};

export class ConfigError extends Error {
  constructor(problems: string[]) {
    // One line, as every start-up failure: log collectors keep a line as one event.
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  // An empty variable means "not set", as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZEnvironment.safeParse(present);
  if (Boolean(present.ADMIN_EMAIL) !== Boolean(present.ADMIN_PASSWORD)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD: set both to create the first admin, or neither']);
  }
  const s3Problems = s3Completeness(present);
  if (s3Problems.length > 0) throw new ConfigError(s3Problems);
  if (Boolean(present.STRIPE_SECRET_KEY) !== Boolean(present.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(['STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take card payments, or neither']);
  }
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message} (got ${shownValue(String(issue.path[0]), present)})`,
      ),
    );
  }
  const value = parsed.data;
  const uploadReservedBytesPerOrg =
    value.UPLOAD_RESERVED_BYTES_PER_ORG ?? Math.max(DEFAULT_UPLOAD_RESERVED_BYTES_PER_ORG, value.UPLOAD_MAX_BYTES);
  if (uploadReservedBytesPerOrg < value.UPLOAD_MAX_BYTES) {
    throw new ConfigError([
      `UPLOAD_RESERVED_BYTES_PER_ORG: expected at least UPLOAD_MAX_BYTES (${value.UPLOAD_MAX_BYTES}), ` +
        `or the largest file allowed could never start (got ${shownValue('UPLOAD_RESERVED_BYTES_PER_ORG', present)})`,
    ]);
  }
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ''),
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    companyEmail: value.COMPANY_EMAIL,
    redisUrl: value.REDIS_URL,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    logLevel: value.LOG_LEVEL,
    webhooksAllowLoopback: value.WEBHOOKS_ALLOW_LOOPBACK === 'true',
    metricsToken: value.METRICS_TOKEN,
    maxInFlight: value.MAX_IN_FLIGHT,
    livenessPort: value.LIVENESS_PORT,
    databaseQueueDeadlineMs: value.DATABASE_QUEUE_DEADLINE_MS,
    livenessMaxStallMs: value.LIVENESS_MAX_STALL_MS,
    shedAfterBusyMs: value.SHED_AFTER_BUSY_MS,
    streams: {
      total: value.MAX_STREAMS,
      perUser: value.MAX_STREAMS_PER_USER,
      perAddress: value.MAX_STREAMS_PER_ADDRESS,
    },
    minFreeDiskBytes: value.MIN_FREE_DISK_BYTES,
    publicFormRateLimit: value.PUBLIC_FORM_RATE_LIMIT,
    shareRateLimit: value.SHARE_RATE_LIMIT,
    apiKeyRateLimit: value.API_KEY_RATE_LIMIT,
    webhookTestRateLimit: value.WEBHOOK_TEST_RATE_LIMIT,
    apiKeyFailureLimit: value.API_KEY_FAILURE_LIMIT,
    apiKeysPerOrg: value.API_KEYS_PER_ORG,
    shareLinksPerOrder: value.SHARE_LINKS_PER_ORDER,
    scheduleWindowMaxHours: value.SCHEDULE_WINDOW_MAX_HOURS,
    webDistDir: value.WEB_DIST_DIR ? path.resolve(value.WEB_DIST_DIR) : undefined,
    authSecret: value.AUTH_SECRET,
    adminEmail: value.ADMIN_EMAIL,
    adminPassword: value.ADMIN_PASSWORD,
    uploadMaxBytes: value.UPLOAD_MAX_BYTES,
    uploadReservedBytesPerOrg,
    stripe:
      value.STRIPE_SECRET_KEY && value.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: value.STRIPE_CONNECT_WEBHOOK_SECRET,
            apiUrl: value.STRIPE_API_URL,
          }
        : undefined,
    s3: value.S3_BUCKET
      ? {
          bucket: value.S3_BUCKET,
          endpoint: value.S3_ENDPOINT,
          region: value.S3_REGION ?? 'us-east-1',
          accessKeyId: value.S3_ACCESS_KEY_ID as string,
          secretAccessKey: value.S3_SECRET_ACCESS_KEY as string,
          // Most S3-compatible servers (MinIO, Ceph) want path-style URLs; AWS wants virtual hosts.
          forcePathStyle: value.S3_FORCE_PATH_STYLE ? value.S3_FORCE_PATH_STYLE === 'true' : Boolean(value.S3_ENDPOINT),
        }
      : undefined,
    retention: {
      intervalMinutes: value.RETENTION_INTERVAL_MINUTES,
      idempotencyKeysDays: value.RETENTION_IDEMPOTENCY_KEYS_DAYS,
      sentEmailsDays: value.RETENTION_SENT_EMAILS_DAYS,
      expiredSessionsDays: value.RETENTION_EXPIRED_SESSIONS_DAYS,
      readNotificationsDays: value.RETENTION_READ_NOTIFICATIONS_DAYS,
      webhookDeliveriesDays: value.RETENTION_WEBHOOK_DELIVERIES_DAYS,
      apiKeyUsesDays: value.RETENTION_API_KEY_USES_DAYS,
    },
  };
}

/** S3 settings come as a set: a bucket needs its credentials, and settings without a bucket are a mistake. */
function s3Completeness(env: Record<string, string | undefined>): string[] {
  if (!env.S3_BUCKET) {
    const stray = S3_VARIABLES.filter((name) => env[name]);
    return stray.length > 0
      ? [`S3_BUCKET: required when ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`]
      : [];
  }
  return ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
    .filter((name) => !env[name])
    .map((name) => `${name}: required when S3_BUCKET is set`);
}

const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'ADMIN_PASSWORD',
  'S3_SECRET_ACCESS_KEY',
  'S3_ACCESS_KEY_ID',
  'METRICS_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CONNECT_WEBHOOK_SECRET',
]);

/** What a start-up message may show of a value: never a secret, nor the password inside a URL. */
function shownValue(name: string, env: Record<string, string | undefined>): string {
  const value = env[name];
  if (value === undefined) return 'nothing';
  if (SECRET_VARIABLES.has(name)) return `a value of ${value.length} characters`;
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      return JSON.stringify(url.toString());
    }
  } catch {
    // Not a URL: shown as given.
  }
  return JSON.stringify(value);
}

/** Client addresses come from the socket unless our own proxies are named; X-Forwarded-For is spoofable. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
