import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers on every answer, with a strict Content-Security-Policy (no inline script). */

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

export default fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
      if (options.https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers' },
);
