// The order of the server's modules (decision 192), checked by `npm run lint`. check-layers.mjs
// treats apps/server/src/modules/ as one layer, so two modules could import each other unseen.
// Here each module has a tier: a module imports modules of earlier tiers, or of its own tier as
// long as no import cycle forms. Tests are left out: a test may set up data through any module.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { relativeImports, sourceFiles } from './check-layers.mjs';

/** The modules in tiers, lowest first. ARCHITECTURE.md ("Module order") says what each tier is. */
export const MODULE_TIERS = [
  {
    tier: 'platform',
    modules: [
      'audit',
      'backup',
      'documents',
      'idempotency',
      'ledger',
      'notifications',
      'outbox',
      'payments',
      'places',
      'rate-limits',
      'settings',
      'storage',
      'webhooks',
    ],
  },
  {
    tier: 'entities',
    modules: [
      'accounts',
      'api-keys',
      'assignments',
      'deliverables',
      'invitations',
      'invoices',
      'leads',
      'orders',
      'point-trees',
      'quality-checks',
      'providers',
      'quotes',
      'ratings',
      'support-requests',
      'thumbnails',
    ],
  },
  {
    tier: 'processes',
    modules: [
      'annotations',
      'applications',
      'auth',
      'cascade',
      'conversations',
      'dispatch',
      'organizations',
      'payouts',
      'public-forms',
      'review',
      'scheduling',
      'share-links',
      'uploads',
    ],
  },
  { tier: 'read models', modules: ['admin-console', 'calendar', 'customer', 'provider', 'reporting'] },
];

/** The module a path relative to apps/server/src belongs to, or null outside src/modules/<module>/. */
export function moduleOf(relative) {
  const [first, second, ...rest] = relative.split('/');
  return first === 'modules' && second !== undefined && rest.length > 0 ? second : null;
}

/**
 * The imports between modules: a map from each importing module to the modules it imports, each
 * with every import that does it ("<file> imports <specifier>"). `files` are paths relative to src.
 */
export function moduleImports(files, read) {
  const graph = new Map();
  for (const file of [...files].sort()) {
    const from = moduleOf(file);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const imports = graph.get(from);
    for (const specifier of relativeImports(read(file))) {
      const to = moduleOf(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      if (to === null || to === from) continue;
      if (!imports.has(to)) imports.set(to, new Set());
      // A set: two import statements of one file are one import to report.
      imports.get(to).add(`${file} imports ${specifier}`);
    }
  }
  return graph;
}

/** Groups of modules that reach each other through imports (Tarjan's strongly connected components). */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (module) => {
    index.set(module, index.size);
    low.set(module, index.get(module));
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(module, Math.min(low.get(module), index.get(next)));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    groups.push(group);
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return groups;
}

/** One import cycle through `start`, found breadth-first inside its group: the modules in order. */
function cycleThrough(start, group, graph) {
  const members = new Set(group);
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift();
    for (const next of [...(graph.get(module)?.keys() ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [module];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0]));
        return cycle;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, module);
        queue.push(next);
      }
    }
  }
  return [start];
}

/**
 * Every problem with the modules' order: a module no tier lists, an import up to a later tier, and
 * each import cycle (one line per group of modules that import each other, naming every import
 * inside the group, since breaking any one of them may not be enough).
 */
export function findModuleOrderProblems(files, read, tiers = MODULE_TIERS) {
  const tierOf = new Map();
  tiers.forEach(({ modules }, position) => {
    for (const module of modules) tierOf.set(module, position);
  });
  const graph = moduleImports(files, read);
  const problems = [];
  for (const module of [...graph.keys()].sort()) {
    if (!tierOf.has(module)) {
      problems.push(`modules/${module}/ is in no tier: add it to MODULE_TIERS in scripts/check-module-order.mjs.`);
    }
  }
  for (const [from, imports] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    for (const [to, places] of imports) {
      const fromTier = tierOf.get(from);
      const toTier = tierOf.get(to);
      if (fromTier === undefined || toTier === undefined || toTier <= fromTier) continue;
      for (const where of places) {
        problems.push(
          `${where}: ${from} (${tiers[fromTier].tier}) may not import ${to} (${tiers[toTier].tier}), a later tier.`,
        );
      }
    }
  }
  for (const group of stronglyConnected(graph)) {
    if (group.length < 2) continue;
    const members = [...group].sort();
    const cycle = cycleThrough(members[0], group, graph);
    const inside = new Set(group);
    const imports = members.flatMap((from) =>
      [...graph.get(from)]
        .filter(([to]) => inside.has(to))
        .flatMap(([, places]) => [...places].map((where) => `  ${where}`)),
    );
    problems.push(
      `import cycle among ${members.join(', ')} (${[...cycle, members[0]].join(' → ')}); their imports of each other:\n${imports.join('\n')}`,
    );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const srcDir = fileURLToPath(new URL('../apps/server/src/', import.meta.url));
  const files = sourceFiles(path.join(srcDir, 'modules'), srcDir);
  const problems = findModuleOrderProblems(files, (file) => readFileSync(path.join(srcDir, file), 'utf8'));
  if (problems.length > 0) {
    // Paths are relative to apps/server/src.
    for (const problem of problems) console.error(problem);
    console.error(`\n${problems.length} problem(s) with the order of the server's modules (docs/decisions/192).`);
    process.exit(1);
  }
  console.info(`Server modules: ${files.length} files in ${MODULE_TIERS.length} tiers, no cycle, no import upwards.`);
}
