/**
 * The one rule for addresses that carry a secret (decision 179). The database keeps only hashes of
 * link tokens; a log line, a metric or an audit row that holds the address must not undo that.
 *
 * Secret by convention: a route parameter named `token` (every link route names it so, and the
 * app learns each such route's prefix as it is registered), the web pages that take one in
 * their path (`/share/<token>`, `/embed/<token>`), and the query parameters our e-mails put secrets in.
 */
export const REDACTED = 'REDACTED';

/** Query parameters that hold a secret: invitations, address confirmation and reset links, the first admin's setup link. */
export const SECRET_QUERY_NAMES = ['token', 'invite', 'setup', 'code', 'secret'] as const;

/** Web pages (not API routes) whose next path segment is a secret. */
const SECRET_PAGE_PREFIXES = ['/share/', '/embed/'];

const SECRET_QUERY = new Set<string>(SECRET_QUERY_NAMES);

/** The query with each secret value replaced, its names read as the query parser reads them. */
function redactQuery(query: string) {
  const params = new URLSearchParams(query);
  let changed = false;
  for (const [name] of params) {
    if (!SECRET_QUERY.has(name.toLowerCase())) continue;
    params.set(name, REDACTED);
    changed = true;
  }
  return changed ? `?${params.toString()}` : query;
}

function readablePath(path: string) {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: matched as written.
  }
  return decoded.replace(/\/{2,}/g, '/');
}

export type TSecretUrls = {
  /** Notes a route's path; one with a `:token` segment makes everything after its prefix secret. */
  learnRoute(routePath: string): void;
  redact(url: string): string;
};

export function createSecretUrls(): TSecretUrls {
  const prefixes = new Set(SECRET_PAGE_PREFIXES);
  // Longest first, so `/api/public/shares/` wins over a shorter one that also matches.
  let ordered = [...prefixes];

  return {
    learnRoute(routePath) {
      const at = routePath.indexOf('/:token');
      if (at === -1) return;
      prefixes.add(`${routePath.slice(0, at)}/`.toLowerCase());
      ordered = [...prefixes].sort((a, b) => b.length - a.length);
    },

    redact(url) {
      const queryAt = url.search(/[?#]/);
      const query = queryAt === -1 ? '' : url.slice(queryAt).split('#')[0]!;
      // Matched as the router reads it: percent-decoded, repeated slashes folded.
      const path = readablePath(queryAt === -1 ? url : url.slice(0, queryAt));
      const lower = path.toLowerCase();
      const prefix = ordered.find((candidate) => lower.startsWith(candidate));
      let kept = path;
      if (prefix) {
        const slash = path.indexOf('/', prefix.length);
        // Only the secret segment goes: what follows it (a file id, `/link`) stays readable.
        kept = `${path.slice(0, prefix.length)}${REDACTED}${slash === -1 ? '' : path.slice(slash)}`;
      }
      return `${kept}${query && redactQuery(query)}`;
    },
  };
}
