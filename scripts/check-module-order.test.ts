import { describe, expect, it } from 'vitest';
import { findModuleOrderProblems, MODULE_TIERS, moduleOf } from './check-module-order.mjs';

const TIERS = [
  { tier: 'platform', modules: ['audit', 'outbox'] },
  { tier: 'entities', modules: ['orders', 'quotes', 'leads'] },
  { tier: 'processes', modules: ['review', 'uploads'] },
  { tier: 'read models', modules: ['customer'] },
];

/** A small server tree in memory: path (relative to src) → source. */
function check(tree: Record<string, string>) {
  return findModuleOrderProblems(
    Object.keys(tree),
    (file: string) => {
      const source = tree[file];
      if (source === undefined) throw new Error(`no file ${file}`);
      return source;
    },
    TIERS,
  );
}

/** A tree that keeps the order: each module imports its own files and earlier modules only. */
const ORDERED = {
  'modules/audit/audit-repository.ts': "import { iso } from '../../lib/iso.ts';",
  'modules/outbox/outbox-repository.ts': "import { recordAudit } from '../audit/audit-repository.ts';",
  'modules/orders/orders-repository.ts': "import { enqueueEmails } from '../outbox/outbox-repository.ts';",
  'modules/orders/orders-view.ts': "import { findOrder } from './orders-repository.ts';",
  'modules/quotes/quotes-service.ts': "import { findOrder } from '../orders/orders-repository.ts';",
  'modules/leads/leads-service.ts': "import { accept } from '../quotes/quotes-service.ts';",
  'modules/uploads/uploads-service.ts': "import type { TOrderRow } from '../orders/orders-repository.ts';",
  'modules/review/review-service.ts': "import { upload } from '../uploads/uploads-service.ts';",
  'modules/customer/customer-service.ts':
    "import { redeliver } from '../review/review-service.ts';\nimport { accept } from '../quotes/quotes-service.ts';",
  'routes/customer/portal.ts': "import { x } from '../../modules/customer/customer-service.ts';",
};

describe('the server module order check', () => {
  it('passes modules that import earlier tiers, and their own tier without a cycle', () => {
    expect(check(ORDERED)).toEqual([]);
  });

  it('refuses every import up to a later tier', () => {
    const problems = check({
      'modules/outbox/summary-emails.ts': "import type { TOrderRow } from '../orders/orders-repository.ts';",
      'modules/orders/orders-repository.ts': 'export type TOrderRow = { id: string };',
      'modules/orders/order-emails.ts': [
        "import { redeliver } from '../review/review-service.ts';",
        "import { listOrgOrders } from '../customer/customer-service.ts';",
      ].join('\n'),
      'modules/review/review-service.ts': 'export const redeliver = 1;',
      'modules/customer/customer-service.ts': 'export const listOrgOrders = 1;',
    });
    expect(problems).toEqual([
      'modules/orders/order-emails.ts imports ../review/review-service.ts: orders (entities) may not import review (processes), a later tier.',
      'modules/orders/order-emails.ts imports ../customer/customer-service.ts: orders (entities) may not import customer (read models), a later tier.',
      'modules/outbox/summary-emails.ts imports ../orders/orders-repository.ts: outbox (platform) may not import orders (entities), a later tier.',
    ]);
  });

  it('refuses two modules of one tier that import each other, naming each import between them', () => {
    const problems = check({
      ...ORDERED,
      'modules/uploads/uploads-service.ts': "import { supersede } from '../review/review-repository.ts';",
      'modules/review/review-repository.ts': 'export const supersede = 1;',
    });
    expect(problems).toEqual([
      [
        'import cycle among review, uploads (review → uploads → review); their imports of each other:',
        '  modules/review/review-service.ts imports ../uploads/uploads-service.ts',
        '  modules/uploads/uploads-service.ts imports ../review/review-repository.ts',
      ].join('\n'),
    ]);
  });

  it('refuses a longer cycle once, with every module in it', () => {
    const problems = check({
      ...ORDERED,
      'modules/orders/order-requests-service.ts': "import { convert } from '../leads/leads-service.ts';",
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^import cycle among leads, orders, quotes \(leads → quotes → orders → leads\);/);
    expect(problems[0]).toContain('modules/orders/order-requests-service.ts imports ../leads/leads-service.ts');
  });

  it('refuses a module that no tier lists', () => {
    expect(
      check({ ...ORDERED, 'modules/billing/invoices.ts': "import { x } from '../orders/orders-view.ts';" }),
    ).toEqual(['modules/billing/ is in no tier: add it to MODULE_TIERS in scripts/check-module-order.mjs.']);
  });

  it('places only files inside a module folder in a module', () => {
    expect(moduleOf('modules/orders/orders-view.ts')).toBe('orders');
    expect(moduleOf('modules/orders/nested/deep.ts')).toBe('orders');
    expect(moduleOf('modules/index.ts')).toBeNull();
    expect(moduleOf('lib/iso.ts')).toBeNull();
  });

  it('lists each module of the server in one tier only', () => {
    const listed = MODULE_TIERS.flatMap(({ modules }) => modules);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
