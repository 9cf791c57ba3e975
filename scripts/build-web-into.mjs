// Builds the web app (client, prerender) into another folder than apps/web/dist, so parallel
// browser-test runs do not overwrite each other's build:
//   node scripts/build-web-into.mjs /tmp/my-build
//   E2E_WEB_DIST_DIR=/tmp/my-build/dist npx playwright test e2e/admin --output /tmp/my-build/results
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/build-web-into.mjs <folder>');
  process.exit(2);
}
const web = path.resolve(import.meta.dirname, '../apps/web');
const out = path.resolve(target, 'dist');
// The prerender bundle imports React from apps/web/node_modules, so it is built inside apps/web
// (under a name of its own; the prerender script removes it when done).
const ssr = path.join(web, `dist-ssr-${path.basename(path.resolve(target)).replace(/[^\w-]/g, '_')}`);
const env = { ...process.env, WEB_OUT_DIR: out, WEB_SSR_OUT_DIR: ssr };
const run = (args) => execFileSync('npx', args, { cwd: web, env, stdio: 'inherit' });
run(['vite', 'build', '--emptyOutDir']);
run(['vite', 'build', '--ssr', 'src/entry-prerender.tsx', '--outDir', ssr, '--emptyOutDir']);
run(['node', 'scripts/prerender.mjs']);
process.stdout.write(`built into ${out}\n`);
