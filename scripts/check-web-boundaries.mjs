#!/usr/bin/env node
/**
 * The web app's layers, checked on every `npm run lint` (decision 087). Biome's
 * noRestrictedImports sees only the text of an import, so `../../other-feature/api/x.ts` passed it;
 * this script resolves each relative import against its file and checks where it lands:
 *
 *   app, main.tsx, entry-prerender.tsx   compose everything below
 *   features/<name>                      its own folder, resources, components, lib, config, assets, styles
 *   resources                            API data shared by several features: resources, lib, config
 *   components                           components, lib, config, assets, styles
 *   lib                                  lib, config
 *   test                                 component-test helpers: test, components, lib, config
 *   service-worker                       the provider portal's service worker: lib, config
 *
 * A feature never imports another feature (a route composes them), only tests import src/test,
 * and nothing in the web app imports the database package, the server or a file outside apps/web.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ALLOWED = {
  features: ['resources', 'components', 'lib', 'config', 'assets', 'styles'],
  resources: ['resources', 'lib', 'config'],
  components: ['components', 'lib', 'config', 'assets', 'styles'],
  lib: ['lib', 'config'],
  config: ['config'],
  test: ['test', 'components', 'lib', 'config'],
  'service-worker': ['lib', 'config'],
};
const FORBIDDEN_PACKAGES = [/^@spacecapture\/(db|server)(\/|$)/];

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

/** Where a path inside src sits: its layer and, for a feature, the feature's name. */
function placeOf(relative) {
  const [first, second] = relative.split('/');
  if (relative.split('/').length === 1) return { layer: 'app' };
  return first === 'features' ? { layer: 'features', feature: second } : { layer: first };
}

/**
 * The layer violations in `files` ({ path, source }, paths relative to the web app's src folder,
 * with forward slashes). Returns one line per violation.
 */
export function findViolations(files) {
  const violations = [];
  for (const file of files) {
    const from = placeOf(file.path);
    const isTest = /\.test\.tsx?$/.test(file.path);
    for (const match of file.source.matchAll(IMPORT)) {
      const specifier = match[1];
      const report = (why) => violations.push(`${file.path}: '${specifier}' ${why}`);
      if (FORBIDDEN_PACKAGES.some((pattern) => pattern.test(specifier))) {
        report('is server code: the web app reaches it only over HTTP, with contracts from @spacecapture/shared');
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), specifier));
      if (target.startsWith('../')) {
        report('leaves apps/web/src: share code through packages/shared');
        continue;
      }
      const to = placeOf(target);
      if (to.layer === 'test') {
        if (!isTest && from.layer !== 'test') report('is a test helper: only tests import src/test');
        continue;
      }
      if (from.layer === 'app') continue;
      if (from.layer === 'features' && to.layer === 'features') {
        if (to.feature !== from.feature) {
          report(`imports the feature ${to.feature}: compose features in src/app, or share the data in src/resources`);
        }
        continue;
      }
      const allowed = ALLOWED[from.layer];
      if (allowed && to.layer !== from.layer && !allowed.includes(to.layer)) {
        report(`runs from ${from.layer} up to ${to.layer}`);
      }
    }
  }
  return violations;
}

function listSources(root, folder = '') {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listSources(root, relative);
    return /\.tsx?$/.test(entry.name)
      ? [{ path: relative, source: readFileSync(path.join(root, relative), 'utf8') }]
      : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../apps/web/src', import.meta.url));
  const violations = findViolations(listSources(root));
  if (violations.length > 0) {
    console.error(`Web layer violations (scripts/check-web-boundaries.mjs):\n${violations.join('\n')}`);
    process.exit(1);
  }
}
