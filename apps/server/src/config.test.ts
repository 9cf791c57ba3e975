import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Runs loadConfig and returns the ConfigError it throws (fails the test when it does not throw). */
function configErrorFor(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts with no configuration: port 3000, ./data, embedded database, mail kept in the outbox', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
    expect(config.companyEmail).toBe('hello@spacecapture.example');
  });

  it('treats empty variables as not set', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '', REDIS_URL: '', DATA_DIR: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/spacecapture',
      DATABASE_URL: 'postgres://app@db.internal:5432/spacecapture',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      COMPANY_EMAIL: 'ops@example.com',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://capture.example.com/',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      MAX_IN_FLIGHT: '64',
      PUBLIC_FORM_RATE_LIMIT: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/spacecapture',
      databaseUrl: 'postgres://app@db.internal:5432/spacecapture',
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      companyEmail: 'ops@example.com',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://capture.example.com',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      maxInFlight: 64,
      publicFormRateLimit: 5,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://x'],
    ['COMPANY_EMAIL', 'nope'],
    ['REDIS_URL', 'x'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['MAX_IN_FLIGHT', '0'],
    ['PUBLIC_FORM_RATE_LIMIT', 'many'],
    ['LOG_LEVEL', 'loud'],
  ])('stops on %s=%s with a message naming the variable and the value', (name, value) => {
    const error = configErrorFor({ [name]: value });
    expect(error.message).toContain(`${name}:`);
    expect(error.message).toContain(JSON.stringify(value));
  });

  it('reads the bounds of issue 26 (decision 181), with defaults, and refuses a bound below one', () => {
    expect(loadConfig({})).toMatchObject({
      apiKeyFailureLimit: 20,
      apiKeysPerOrg: 25,
      shareLinksPerOrder: 20,
      scheduleWindowMaxHours: 24,
      retention: { apiKeyUsesDays: 90 },
    });
    expect(
      loadConfig({
        API_KEY_FAILURE_LIMIT: '5',
        API_KEYS_PER_ORG: '3',
        SHARE_LINKS_PER_ORDER: '4',
        SCHEDULE_WINDOW_MAX_HOURS: '72',
        RETENTION_API_KEY_USES_DAYS: '30',
      }),
    ).toMatchObject({
      apiKeyFailureLimit: 5,
      apiKeysPerOrg: 3,
      shareLinksPerOrder: 4,
      scheduleWindowMaxHours: 72,
      retention: { apiKeyUsesDays: 30 },
    });
    for (const name of [
      'API_KEY_FAILURE_LIMIT',
      'API_KEYS_PER_ORG',
      'SHARE_LINKS_PER_ORDER',
      'SCHEDULE_WINDOW_MAX_HOURS',
    ]) {
      expect(configErrorFor({ [name]: '0' }).message).toContain(name);
    }
  });

  it('names what was expected for a URL or an e-mail address', () => {
    expect(configErrorFor({ DATABASE_URL: 'mysql://x' }).message).toContain('postgres://');
    expect(configErrorFor({ SMTP_URL: 'http://x' }).message).toContain('smtp://');
    expect(configErrorFor({ REDIS_URL: 'x' }).message).toContain('redis://');
    expect(configErrorFor({ COMPANY_EMAIL: 'nope' }).message).toContain('e-mail address');
  });

  it('never repeats a secret or a password in its message', () => {
    const secret = configErrorFor({ AUTH_SECRET: 'tooshort-but-real' }).message;
    expect(secret).toContain('AUTH_SECRET:');
    expect(secret).not.toContain('tooshort-but-real');
    const url = configErrorFor({ DATABASE_URL: 'mysql://app:s3cret-pass@db.internal/app' }).message;
    expect(url).toContain('DATABASE_URL:');
    expect(url).toContain('db.internal');
    expect(url).not.toContain('s3cret-pass');
    expect(configErrorFor({ SMTP_URL: 'https://mailer:hunter22@mail.example.com' }).message).not.toContain('hunter22');
  });

  it('takes card payments only with both Stripe keys, and never shows them in an error', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(configErrorFor({ STRIPE_SECRET_KEY: 'sk_test_abc123' }).message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(configErrorFor({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }).message).toContain('STRIPE_SECRET_KEY');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      connectWebhookSecret: undefined,
      apiUrl: undefined,
    });
    const wrong = configErrorFor({ STRIPE_SECRET_KEY: 'pk_live_oops secret', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' });
    expect(wrong.message).toContain('STRIPE_SECRET_KEY');
    expect(wrong.message).not.toContain('oops secret');
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(configErrorFor({ ADMIN_EMAIL: 'root@example.com' }).message).toContain('ADMIN_PASSWORD');
    expect(configErrorFor({ ADMIN_PASSWORD: 'correct horse battery staple' }).message).toContain('ADMIN_EMAIL');
    expect(loadConfig({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'pw' })).toMatchObject({
      adminEmail: 'root@example.com',
      adminPassword: 'pw',
    });
  });

  it('reads TRUST_PROXY as Fastify takes it: on, off, or addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12' }).trustProxy).toEqual(['loopback', '172.16.0.0/12']);
  });

  it('refuses a hop count for TRUST_PROXY, which Fastify would ignore (trusting nothing)', () => {
    const message = configErrorFor({ TRUST_PROXY: '2' }).message;
    expect(message).toContain('TRUST_PROXY:');
    expect(message).toContain('number of proxies is not supported');
  });

  it.each([
    'maybe',
    'yes',
    '-1',
    '1.5',
    '10.0.0.1,',
    '10.0.0.1, proxy.internal',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/',
    '300.1.1.1',
  ])('stops on TRUST_PROXY=%s, saying what it takes', (value) => {
    const message = configErrorFor({ TRUST_PROXY: value }).message;
    expect(message).toContain('TRUST_PROXY:');
    expect(message).toContain(JSON.stringify(value));
    expect(message).toContain('IP addresses or CIDR ranges');
  });

  it.each(['smtp:/broken', 'smtp:', 'smtps:///x', 'smtp://:25'])(
    'stops on an SMTP_URL without a host (%s)',
    (value) => {
      const message = configErrorFor({ SMTP_URL: value }).message;
      expect(message).toContain('SMTP_URL:');
      expect(message).toContain('host');
    },
  );

  it('stops on a REDIS_URL without a host', () => {
    expect(configErrorFor({ REDIS_URL: 'redis:/cache' }).message).toContain('REDIS_URL:');
  });

  it('takes a METRICS_TOKEN of 16 characters or more, and never repeats a short one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    const message = configErrorFor({ METRICS_TOKEN: 'short-token' }).message;
    expect(message).toContain('METRICS_TOKEN:');
    expect(message).toContain('16');
    expect(message).not.toContain('short-token');
  });

  it('says everything on one line', () => {
    const message = configErrorFor({ PORT: 'abc', TRUST_PROXY: 'maybe' }).message;
    expect(message).not.toContain('\n');
  });

  it('lists every bad variable at once', () => {
    const message = configErrorFor({ PORT: 'abc', SMTP_URL: 'http://x', REDIS_URL: 'x' }).message;
    expect(message).toContain('PORT:');
    expect(message).toContain('SMTP_URL:');
    expect(message).toContain('REDIS_URL:');
    expect(message).not.toContain('DATABASE_URL');
  });
});
