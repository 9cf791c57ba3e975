import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer, with a strict Content-Security-Policy (no inline script).
 * Fastify's answers get them in an onSend hook; an answer a route writes itself (a hijacked reply,
 * as tus writes) skips that hook and applies them with `app.applySecurityHeaders(reply.raw)`.
 */

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Inline style attributes are used by the UI library; scripts stay strictly same-origin files.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** The headers every answer carries; HSTS only when the app is served over HTTPS. */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export default fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    const headers = securityHeaders(options);
    app.addHook('onSend', async (_request, reply) => {
      reply.headers(headers);
    });
    // Headers set on the raw response before it is written are merged into whatever is written later.
    app.decorate('applySecurityHeaders', (response: ServerResponse) => {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    });
  },
  { name: 'security-headers' },
);

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    /** Sets the security headers on an answer written outside Fastify's reply (a hijacked one). */
    applySecurityHeaders(response: ServerResponse): void;
  }
}
