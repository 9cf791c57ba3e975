import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer, with a strict Content-Security-Policy (no inline script),
 * through helmet. Helmet sets them on the raw response when the request arrives, so answers
 * written outside Fastify's reply (tus's, on a hijacked reply) and early refusals carry them too.
 * Its middleware is built once here: the Fastify wrapper built it again for every request,
 * parsing the policy each time, for nonces and per-route settings we do not use (decision 166).
 */

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets same-origin WebAssembly compile (the point-cloud worker decodes LAZ with
  // laz-perf's .wasm, decision 160); it allows no JavaScript eval and no inline script.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  // Inline style attributes are used by the UI library; scripts stay strictly same-origin files.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * Lets the listed origins frame this one answer (decision 224: a share link's embed page): its
 * policy's `frame-ancestors 'none'` becomes those origins, and X-Frame-Options (which cannot name
 * origins) goes. Every other answer keeps refusing to be framed.
 */
export function allowFramingBy(reply: FastifyReply, origins: readonly string[]) {
  if (origins.length === 0) return;
  const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
  reply.raw.setHeader(
    'Content-Security-Policy',
    policy.replace("frame-ancestors 'none'", `frame-ancestors ${origins.join(' ')}`),
  );
  reply.raw.removeHeader('X-Frame-Options');
}

/**
 * The policy's `frame-src` (decision 233): without tour hosts none is written and `default-src
 * 'self'` governs frames; with them, our own origin and exactly those `https://host` sources. The
 * sources come from the admins' list, already checked to be host names, so nothing else can reach
 * the header. Every other directive stays as it is.
 */
export function withFrameSources(policy: string, sources: readonly string[]) {
  if (sources.length === 0) return policy;
  return `${policy};frame-src 'self' ${sources.join(' ')}`;
}

/** Helmet has no Permissions-Policy: the features no page of ours uses are switched off here. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

export default fp(
  async (app: FastifyInstance, options: { https: boolean; frameSources?: () => readonly string[] }) => {
    const applyHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // HSTS only when the app is served over HTTPS (PUBLIC_URL); over plain HTTP it would be ignored.
      strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      // Helmet only sets headers; since 8.1 it throws rather than passing an error on.
      applyHeaders(request.raw, reply.raw, () => {
        const sources = options.frameSources?.() ?? [];
        if (sources.length > 0) {
          const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
          reply.raw.setHeader('Content-Security-Policy', withFrameSources(policy, sources));
        }
        done();
      });
    });
  },
  { name: 'security-headers' },
);
