import { describe, expect, it } from 'vitest';
import { findLayerViolations, layerOf, relativeImports } from './check-layers.mjs';

/** A small server tree in memory: path (relative to src) → source. */
function check(tree: Record<string, string>) {
  return findLayerViolations(Object.keys(tree), (file: string) => {
    const source = tree[file];
    if (source === undefined) throw new Error(`no file ${file}`);
    return source;
  });
}

const ROUTE = (imports = '') => `${imports}\nconst routes = async () => {};\nexport default routes;\n`;

describe('the server layer check', () => {
  it('passes a tree that imports only downwards', () => {
    expect(
      check({
        'lib/actor.ts': 'export type TActor = { userId: string };',
        'config.ts': "import { iso } from './lib/iso.ts';",
        'lib/iso.ts': 'export const iso = 1;',
        'modules/orders/orders-service.ts': "import type { TActor } from '../../lib/actor.ts';",
        'plugins/auth.ts': "import { x } from '../modules/orders/orders-service.ts';",
        'routes/route-schemas.ts': 'export const idParams = 1;',
        'routes/admin/orders.ts': ROUTE(
          "import { idParams } from '../route-schemas.ts';\nimport { callerOf } from '../../plugins/auth.ts';",
        ),
        'app.ts': "import orders from './routes/admin/orders.ts';\nimport { x } from './workers/outbox-worker.ts';",
        'workers/outbox-worker.ts': "import { y } from '../modules/orders/orders-service.ts';",
        'server.ts': "import { buildApp } from './app.ts';",
      }),
    ).toEqual([]);
  });

  it('refuses a route that imports another route', () => {
    const problems = check({
      'routes/admin/invitations.ts': ROUTE(),
      'routes/customer/portal.ts': ROUTE("import { toActor } from '../admin/invitations.ts';"),
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^routes\/customer\/portal\.ts imports \.\.\/admin\/invitations\.ts: a route never/);
  });

  it('refuses a module that imports a route or a plugin', () => {
    const problems = check({
      'routes/admin/workflow.ts': ROUTE(),
      'plugins/auth.ts': 'export const callerOf = 1;',
      'modules/customer/customer-service.ts': [
        "import { attachmentDisposition } from '../../routes/admin/workflow.ts';",
        "import { callerOf } from '../../plugins/auth.ts';",
      ].join('\n'),
    });
    expect(problems).toEqual([
      expect.stringContaining('modules may import modules, lib, config, not routes'),
      expect.stringContaining('modules may import modules, lib, config, not plugins'),
    ]);
  });

  it('refuses lib importing a module or a route, and src importing outside src', () => {
    const problems = check({
      'lib/pagination.ts':
        "export { x } from '../modules/workflow/cursor.ts';\nconst r = await import('../routes/health.ts');",
      'modules/workflow/cursor.ts': 'export const x = 1;',
      'routes/health.ts': ROUTE(),
      'modules/uploads/uploads-service.ts': "import { harness } from '../../../test/test-app.ts';",
    });
    expect(problems).toEqual([
      expect.stringContaining('lib may import lib, not modules'),
      expect.stringContaining('lib may import lib, not routes'),
      expect.stringContaining('src imports nothing outside src'),
    ]);
  });

  it('reads multi-line, type-only and re-export imports, and ignores packages', () => {
    expect(
      relativeImports(
        "import {\n  a,\n  type B,\n} from './a.ts';\nimport type { C } from '../c.ts';\nexport * from './d.ts';\nimport z from 'zod';\nimport './side-effect.ts';",
      ),
    ).toEqual(['./a.ts', '../c.ts', './d.ts', './side-effect.ts']);
  });

  it('places the files at the root of src', () => {
    expect(layerOf('app.ts')).toBe('app');
    expect(layerOf('app/routes.ts')).toBe('app');
    expect(layerOf('database.ts')).toBe('config');
    expect(layerOf('seed/demo.ts')).toBe('entry');
    expect(layerOf('../test/test-app.ts')).toBeNull();
  });
});
