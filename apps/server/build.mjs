// Bundles the server for production: one file to start, with the workspace packages (which
// export raw .ts) bundled in; npm dependencies stay external.
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));

const bundleWorkspacePackagesOnly = {
  name: 'bundle-workspace-packages-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@spacecapture/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(here('./dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    server: here('./src/server.ts'),
    migrate: here('./src/migrate.ts'),
    backup: here('./src/backup.ts'),
    restore: here('./src/restore.ts'),
    // The embedded database's thread (decision 110), found beside the server at run time.
    'pglite-thread-worker': here('../../packages/db/src/pglite-thread-worker.ts'),
    // The contained child that reads an uploaded file for its thumbnail (decision 171).
    'thumbnail-process': here('./src/modules/thumbnails/thumbnail-process.ts'),
    // The contained child that turns a point cloud into its streaming tree (decision 226).
    'point-tree-process': here('./src/modules/point-trees/point-tree-process.ts'),
    // The contained child that checks a delivered file before the customer sees it (decision 236).
    'quality-check-process': here('./src/modules/quality-checks/quality-check-process.ts'),
  },
  outdir: here('./dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [bundleWorkspacePackagesOnly],
});
await cp(here('../../packages/db/migrations'), here('./dist/migrations'), { recursive: true });
await cp(here('./gazetteer'), here('./dist/gazetteer'), { recursive: true });
console.info(
  'server bundled to apps/server/dist/server.mjs (and migrate.mjs, backup.mjs, restore.mjs, pglite-thread-worker.mjs, thumbnail-process.mjs, point-tree-process.mjs, quality-check-process.mjs)',
);
