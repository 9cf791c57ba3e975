// Writes the prerendered public pages into dist/ (run after `vite build` and the SSR build).
// dist/index.html is the template: each page gets its markup inside #root, its own title and
// description, and preload links for its own chunks and styles. dist/app.html keeps the empty shell.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(webRoot, process.env.WEB_OUT_DIR ?? 'dist');
const ssrDir = path.resolve(webRoot, process.env.WEB_SSR_OUT_DIR ?? 'dist-ssr');

const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
const { render, PRERENDER_PAGES, NOT_FOUND_PAGE } = await import(
  pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href
);

const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error('dist/index.html has no empty <div id="root"></div>.');
if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(template))
  throw new Error('dist/index.html has an inline script (the CSP forbids it).');

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The Vite manifest has no entry.');

/** Every chunk a manifest entry loads statically, itself included. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryChunks = staticClosure(entryKey);

function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** modulepreload and stylesheet links for the route modules a page rendered (minus the entry's own). */
function headLinks(moduleIds) {
  const scripts = new Set();
  const styles = new Set();
  for (const id of moduleIds) {
    if (!manifest[id]) throw new Error(`Route module ${id} is not in the Vite manifest (renamed?).`);
    for (const key of staticClosure(id)) {
      if (entryChunks.has(key)) continue;
      const chunk = manifest[key];
      scripts.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) styles.add(`/${css}`);
    }
  }
  return [
    ...[...styles].map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
}

async function writePage(page, file, renderedFor) {
  const { html, modules } = await render(page.path);
  if (/<script/i.test(html)) throw new Error(`${page.path} rendered an inline script (the CSP forbids it).`);
  if (!html.trim()) throw new Error(`${page.path} rendered nothing.`);
  const links = headLinks(modules);
  const document = template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</head>', links ? `  ${links}\n  </head>` : '</head>')
    .replace(ROOT, () => `<div id="root" data-prerendered-path="${escapeHtml(renderedFor)}">${html}</div>`);
  const target = path.join(distDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, document);
  return { file, modules: modules.length, bytes: Buffer.byteLength(document) };
}

// The unrendered SPA shell, served for routes that are not prerendered (the portals).
await writeFile(path.join(distDir, 'app.html'), template);

const written = [];
for (const page of PRERENDER_PAGES) {
  const file = page.path === '/' ? 'index.html' : path.join(page.path.slice(1), 'index.html');
  written.push(await writePage(page, file, page.path));
}
written.push(await writePage(NOT_FOUND_PAGE, '404.html', '*'));

await rm(ssrDir, { recursive: true, force: true });
for (const entry of written)
  console.info(`prerendered ${entry.file} (${entry.modules} route modules, ${entry.bytes} bytes)`);
console.info('wrote app.html (SPA shell)');
