import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature of a delivery (decision 117): `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `<t>.<body>` with the endpoint's secret, so a receiver checks both who sent it and when.
 */
export function signWebhook(secret: string, timestamp: number, body: string) {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** A new signing secret: 32 random bytes, prefixed so it is recognised when pasted somewhere. */
export function generateWebhookSecret() {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
