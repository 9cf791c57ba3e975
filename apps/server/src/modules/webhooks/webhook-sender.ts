import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@spacecapture/shared/contracts/webhooks';
import { checkTarget, type TUrlPolicy } from './url-policy.ts';
import { signWebhook } from './webhook-signature.ts';

export type TWebhookRequest = {
  deliveryId: string;
  event: string;
  url: string;
  secret: string;
  body: string;
  now: Date;
};

export type TWebhookResult = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

/**
 * Sends one delivery: checks the target again (scheme and every address: decision 118), then
 * connects to the address it checked, whatever the name resolves to a moment later (no DNS
 * rebinding). A 2xx answer within the timeout is success; anything else is a failed attempt.
 * Redirects are not followed.
 */
export async function sendWebhook(
  request: TWebhookRequest,
  options: { policy: TUrlPolicy; timeoutMs: number },
): Promise<TWebhookResult> {
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(request.url, options.policy);
  } catch (error) {
    return { ok: false, statusCode: null, error: error instanceof Error ? error.message : String(error) };
  }
  const [pinned] = target.addresses;
  if (!pinned) return { ok: false, statusCode: null, error: 'The target has no address.' };
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) {
      callback(null, [{ address: pinned.address, family: pinned.family }]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
  const timestamp = Math.floor(request.now.getTime() / 1000);
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<TWebhookResult>((resolve) => {
    const outgoing = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        agent: false,
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'SpaceCapture-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(request.secret, timestamp, request.body),
          [WEBHOOK_EVENT_HEADER]: request.event,
          [WEBHOOK_DELIVERY_HEADER]: request.deliveryId,
        },
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        // The answer's body is not kept; it is read (up to its end) only to free the socket.
        response.resume();
        response.on('end', () =>
          resolve(
            statusCode >= 200 && statusCode < 300
              ? { ok: true, statusCode }
              : { ok: false, statusCode, error: `The endpoint answered HTTP ${statusCode}.` },
          ),
        );
        response.on('error', (error) => resolve({ ok: false, statusCode, error: error.message }));
      },
    );
    // The whole exchange, not only an idle socket, is bounded by the timeout.
    const deadline = setTimeout(
      () => outgoing.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s.`)),
      options.timeoutMs,
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s.`)));
    outgoing.on('error', (error) => resolve({ ok: false, statusCode: null, error: error.message }));
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.end(request.body);
  });
}
