// One writer per table (decision 194), checked by `npm run lint`. Every table of packages/db's
// schema has one owner module; only that module's code inserts, updates or deletes its rows, and
// every other module calls a function the owner exports (for a grouped write, a builder of its
// rows). Writes are found by pattern, so a write hidden behind a helper that takes any table is not
// seen: the patterns are the ways the server writes (drizzle, insertRows, stampedUpdate, sql``
// templates).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './check-layers.mjs';
import { MODULE_TIERS, moduleOf } from './check-module-order.mjs';

/** Each table (by its export name in packages/db's schema) and the one module that writes it; ARCHITECTURE.md ("Table owners") lists the same. */
export const TABLE_OWNERS = {
  // accounts-schema.ts
  organizations: 'accounts',
  userRoles: 'accounts',
  orgMemberships: 'accounts',
  invitations: 'invitations',
  featureFlags: 'settings',
  instanceSecrets: 'auth',
  // api-keys-schema.ts
  apiKeys: 'api-keys',
  // auth-schema.ts: better-auth writes these through its adapter (auth); the module code that
  // writes users, credentials and sessions besides it is in accounts.
  user: 'accounts',
  session: 'accounts',
  account: 'accounts',
  verification: 'auth',
  twoFactor: 'auth',
  // conversations-schema.ts
  conversations: 'conversations',
  conversationMessages: 'conversations',
  messageAttachments: 'conversations',
  conversationReads: 'conversations',
  messageDigestState: 'conversations',
  // quality-checks-schema.ts
  deliverableChecks: 'quality-checks',
  // ledger-schema.ts
  ledgerEntries: 'ledger',
  ledgerLines: 'ledger',
  // invoices-schema.ts
  invoiceCounters: 'invoices',
  invoices: 'invoices',
  invoicePayments: 'invoices',
  creditNotes: 'invoices',
  monthlyInvoiceOrders: 'invoices',
  companyBillingDetails: 'invoices',
  taxRates: 'invoices',
  organizationBilling: 'invoices',
  // marketplace-schema.ts
  orders: 'orders',
  jobEvents: 'orders',
  quotes: 'quotes',
  assignments: 'assignments',
  deliverables: 'deliverables',
  reviewComments: 'review',
  uploadReservations: 'uploads',
  deviceInventory: 'providers',
  providerCertifications: 'providers',
  providerProfiles: 'providers',
  providerAvailability: 'dispatch',
  ratings: 'ratings',
  supportRequests: 'support-requests',
  supportRequestReplies: 'support-requests',
  priceBookEntries: 'quotes',
  dispatchCascades: 'cascade',
  calendarFeeds: 'calendar',
  // notifications-schema.ts
  // payouts-schema.ts
  payoutRuns: 'payouts',
  payouts: 'payouts',
  payoutItems: 'payouts',
  payoutFailedItems: 'payouts',
  payableOverdueNotices: 'payouts',
  shareReversals: 'payouts',
  notifications: 'notifications',
  notificationPreferences: 'notifications',
  // schema.ts
  orderLeads: 'leads',
  providerApplications: 'applications',
  contactMessages: 'public-forms',
  outboxEmails: 'outbox',
  idempotencyKeys: 'idempotency',
  auditLog: 'audit',
  // annotations-schema.ts
  fileAnnotations: 'annotations',
  // share-links-schema.ts
  shareLinks: 'share-links',
  shareVisitSalts: 'share-links',
  shareLinkVisitors: 'share-links',
  shareLinkFileOpens: 'share-links',
  // webhooks-schema.ts
  webhookEndpoints: 'webhooks',
  webhookDeliveries: 'webhooks',
};

/** Code outside the owners that may still write any table: a path prefix (relative to src) and why. */
export const ALLOWED_WRITERS = [
  {
    prefix: 'seed/',
    reason:
      'the demo seed (npm run seed:demo) marks its rows in the audit log and moves finished stories back in time across every table at once; the app never runs it',
  },
];

/** The tables a schema source declares: export name → SQL name. */
export function schemaTables(sources) {
  const tables = new Map();
  for (const source of sources) {
    for (const match of source.matchAll(/export const (\w+) = pgTable\(\s*['"]([^'"]+)['"]/g)) {
      tables.set(match[1], match[2]);
    }
  }
  return tables;
}

const NAME = '[A-Za-z_$][\\w$]*';

/** The local names that stand for tables in a source: destructured from `schema`, assigned, or imported. */
function tableBindings(source, tables) {
  const bindings = new Map();
  const bind = (local, exported) => {
    if (tables.has(exported)) bindings.set(local, exported);
  };
  for (const match of source.matchAll(/const\s*\{([^}]*)\}\s*=\s*schema\b/g)) {
    for (const part of match[1].split(',')) {
      const [exported, local = exported] = part.split(':').map((name) => name.trim());
      if (exported) bind(local, exported);
    }
  }
  for (const match of source.matchAll(new RegExp(`const\\s+(${NAME})\\s*=\\s*schema\\.(${NAME})\\s*;`, 'g'))) {
    bind(match[1], match[2]);
  }
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@spacecapture\/db\/[\w-]*schema['"]/g)) {
    for (const part of match[1].split(',')) {
      const [exported, local = exported] = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((name) => name.trim());
      if (exported) bind(local, exported);
    }
  }
  return bindings;
}

/** Where the template literal opened just before `start` ends: the index of its closing backtick. */
function templateEnd(source, start) {
  let i = start;
  while (i < source.length) {
    const char = source[i];
    if (char === '\\') i += 2;
    else if (char === '`') return i;
    else if (char === '$' && source[i + 1] === '{') i = expressionEnd(source, i + 2) + 1;
    else i += 1;
  }
  return source.length;
}

/** Where the `${…}` expression starting at `start` ends: the index of its closing brace. */
function expressionEnd(source, start) {
  let depth = 0;
  let i = start;
  while (i < source.length) {
    const char = source[i];
    if (char === '`') i = templateEnd(source, i + 1) + 1;
    else if (char === "'" || char === '"') {
      i += 1;
      while (i < source.length && source[i] !== char) i += source[i] === '\\' ? 2 : 1;
      i += 1;
    } else if (char === '{') {
      depth += 1;
      i += 1;
    } else if (char === '}') {
      if (depth === 0) return i;
      depth -= 1;
      i += 1;
    } else i += 1;
  }
  return source.length;
}

/** The `sql` tagged templates of a source (outermost only; nested ones are inside them): [start, end). */
function sqlTemplates(source) {
  const found = [];
  const opening = /\bsql(?:<[^`;]*?>)?`/g;
  for (let match = opening.exec(source); match !== null; match = opening.exec(source)) {
    const start = match.index + match[0].length;
    const end = templateEnd(source, start);
    found.push([start, end]);
    opening.lastIndex = end + 1;
  }
  return found;
}

const VERB = { insert: 'inserts into', update: 'updates', delete: 'deletes from' };

/**
 * The writes to tables in one source: each with its line, the table's export name, what it does
 * and how (`drizzle`, `insertRows`, `stampedUpdate`, `raw SQL`). `tables` maps export names to SQL names.
 */
export function tableWrites(source, tables) {
  const bindings = tableBindings(source, tables);
  const bySqlName = new Map([...tables].map(([exported, sqlName]) => [sqlName, exported]));
  const lineAt = (index) => source.slice(0, index).split('\n').length;
  const resolve = (viaSchema, name) => (viaSchema ? (tables.has(name) ? name : undefined) : bindings.get(name));
  const writes = [];
  const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*(schema\\s*\\.\\s*)?(${NAME})\\s*\\)`, 'g');
  for (const match of source.matchAll(drizzle)) {
    const table = resolve(match[2], match[3]);
    if (table) writes.push({ line: lineAt(match.index), table, verb: VERB[match[1]], how: 'drizzle' });
  }
  const grouped = new RegExp(`\\binsertRows\\(\\s*(schema\\s*\\.\\s*)?(${NAME})\\s*,`, 'g');
  for (const match of source.matchAll(grouped)) {
    const table = resolve(match[1], match[2]);
    if (table) writes.push({ line: lineAt(match.index), table, verb: VERB.insert, how: 'insertRows' });
  }
  const stamped = new RegExp(`\\bstampedUpdate\\(\\s*(schema\\s*\\.\\s*)?(${NAME})\\s*,`, 'g');
  for (const match of source.matchAll(stamped)) {
    const table = resolve(match[1], match[2]);
    if (table) writes.push({ line: lineAt(match.index), table, verb: VERB.update, how: 'stampedUpdate' });
  }
  const raw = new RegExp(
    `\\b(insert\\s+into|update|delete\\s+from)\\s+(?:\\$\\{\\s*(schema\\s*\\.\\s*)?(${NAME})\\s*\\}|"([^"]+)"|([A-Za-z_]\\w*))`,
    'gi',
  );
  for (const [start, end] of sqlTemplates(source)) {
    const text = source.slice(start, end);
    for (const match of text.matchAll(raw)) {
      const table = match[3] ? resolve(match[2], match[3]) : bySqlName.get(match[4] ?? match[5]);
      if (!table) continue;
      const verb = VERB[match[1].split(/\s/)[0].toLowerCase()];
      writes.push({ line: lineAt(start + match.index), table, verb, how: 'raw SQL' });
    }
  }
  return writes.sort((a, b) => a.line - b.line);
}

/**
 * Every problem with the tables' owners: a table of the schema that TABLE_OWNERS leaves out, an
 * entry for a table the schema lacks or for a module that does not exist, and each write (file
 * and line, relative to src) from anywhere but the table's owner module or an allowed writer.
 */
export function findTableOwnerProblems(files, read, options) {
  const { tables, owners = TABLE_OWNERS, allowed = ALLOWED_WRITERS } = options;
  const modules = new Set(options.modules ?? MODULE_TIERS.flatMap((tier) => tier.modules));
  const problems = [];
  for (const [exported, sqlName] of tables) {
    if (!Object.hasOwn(owners, exported)) {
      problems.push(
        `table ${sqlName} (${exported}) has no owner: add it to TABLE_OWNERS in scripts/check-table-owners.mjs.`,
      );
    }
  }
  for (const [exported, owner] of Object.entries(owners)) {
    if (!tables.has(exported))
      problems.push(`TABLE_OWNERS names ${exported}, which is no table of packages/db's schema.`);
    else if (!modules.has(owner))
      problems.push(`TABLE_OWNERS gives ${exported} to ${owner}, which is no server module.`);
  }
  for (const file of [...files].sort()) {
    if (allowed.some(({ prefix }) => file.startsWith(prefix))) continue;
    const module = moduleOf(file);
    for (const { line, table, verb, how } of tableWrites(read(file), tables)) {
      const owner = owners[table];
      if (owner === undefined || owner === module) continue;
      problems.push(
        `${file}:${line}: ${verb} ${tables.get(table)} (${how}), which modules/${owner}/ owns: call a function it exports.`,
      );
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const srcDir = fileURLToPath(new URL('../apps/server/src/', import.meta.url));
  const schemaDir = fileURLToPath(new URL('../packages/db/src/', import.meta.url));
  const tables = schemaTables(
    readdirSync(schemaDir)
      .filter((name) => /schema\.ts$/.test(name))
      .map((name) => readFileSync(path.join(schemaDir, name), 'utf8')),
  );
  const files = sourceFiles(srcDir);
  const problems = findTableOwnerProblems(files, (file) => readFileSync(path.join(srcDir, file), 'utf8'), { tables });
  if (problems.length > 0) {
    // Paths are relative to apps/server/src.
    for (const problem of problems) console.error(problem);
    console.error(
      `\n${problems.length} problem(s) with the tables' owners, paths relative to apps/server/src (ARCHITECTURE.md "Table owners", docs/decisions/194).`,
    );
    process.exit(1);
  }
  console.info(`Table owners: ${tables.size} tables, each written only by its owner in ${files.length} files.`);
}
