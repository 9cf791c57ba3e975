// The server's layers (decision 084), checked by `npm run lint`. Every relative import in
// apps/server/src (tests aside) must point to the same layer or to one that layer may use; and a
// route module never imports another route module. Biome's noRestrictedImports matches the
// import text only, and a relative path's text depends on where the importing file sits, so the
// layers are checked here on resolved paths instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which layers each layer may import, besides itself. Read top-down: nothing imports upwards. */
export const LAYERS = {
  lib: [],
  config: ['lib'],
  modules: ['lib', 'config'],
  workers: ['lib', 'config', 'modules'],
  plugins: ['lib', 'config', 'modules'],
  routes: ['lib', 'config', 'modules', 'plugins'],
  app: ['lib', 'config', 'modules', 'workers', 'plugins', 'routes'],
  entry: ['lib', 'config', 'modules', 'workers', 'plugins', 'routes', 'app'],
};

/** The layer of a path relative to apps/server/src, or null outside src. */
export function layerOf(relative) {
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first] = relative.split('/');
  if (['lib', 'modules', 'workers', 'plugins', 'routes'].includes(first)) return first;
  if (first === 'config.ts' || first === 'database.ts') return 'config';
  // app.ts builds the app from app/ (infrastructure, workers, routes); services.ts builds every
  // service for it (routes read app.services).
  if (first === 'app.ts' || first === 'app' || first === 'services.ts') return 'app';
  // server.ts, the one-shot commands (backup, restore, migrate) and the demo seed start the app.
  return 'entry';
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative specifiers a source file imports (static, re-exports and literal dynamic imports). */
export function relativeImports(source) {
  const found = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('.')) found.push(specifier);
  }
  return found;
}

/** A route module is a Fastify plugin that app.ts registers: a file under routes/ with a default export. */
function isRouteModule(source) {
  return /^export default\b/m.test(source);
}

/**
 * The imports that break a layer rule. `files` are paths relative to `srcDir`; `read` gives a
 * file's text by that path (and is asked for import targets too, to tell route modules apart).
 */
export function findLayerViolations(files, read) {
  const problems = [];
  for (const file of files) {
    const from = layerOf(file);
    for (const specifier of relativeImports(read(file))) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const to = layerOf(target);
      const where = `${file} imports ${specifier}`;
      if (to === null) {
        problems.push(`${where}: src imports nothing outside src but packages (the test harness stays in test/).`);
      } else if (to !== from && !LAYERS[from].includes(to)) {
        problems.push(`${where}: ${from} may import ${[from, ...LAYERS[from]].join(', ')}, not ${to}.`);
      } else if (from === 'routes' && to === 'routes' && isRouteModule(read(target))) {
        problems.push(
          `${where}: a route never imports another route; app.ts registers each, and shared code goes to src/lib or a module.`,
        );
      }
    }
  }
  return problems;
}

/** The source files under `dir` (tests aside), as paths relative to `base` with forward slashes. */
export function sourceFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, base);
    if (!/\.(ts|mts|js|mjs)$/.test(entry.name) || /\.test\.[a-z]+$/.test(entry.name)) return [];
    return [path.relative(base, full).split(path.sep).join('/')];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const srcDir = fileURLToPath(new URL('../apps/server/src/', import.meta.url));
  const files = sourceFiles(srcDir);
  const problems = findLayerViolations(files, (file) => readFileSync(path.join(srcDir, file), 'utf8'));
  if (problems.length > 0) {
    for (const problem of problems) console.error(`apps/server/src/${problem}`);
    console.error(`\n${problems.length} import(s) against the server's layers (docs/decisions/084).`);
    process.exit(1);
  }
  console.info(`Server layers: ${files.length} files, no import against the layers.`);
}
