// Writes the prerendered public pages into dist/ (run after `vite build` and the SSR build).
// dist/index.html is the template: each page gets its markup inside #root, its own title and
// description, preload links for its own chunks, and its critical CSS inlined (decision 112). dist/app.html keeps the empty shell.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

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

/** Every chunk (with its styles) that the given route modules load, minus the entry's own. */
function chunksOf(moduleIds) {
  const keys = new Set();
  for (const id of moduleIds) {
    if (!manifest[id]) throw new Error(`Route module ${id} is not in the Vite manifest (renamed?).`);
    for (const key of staticClosure(id)) if (!entryChunks.has(key)) keys.add(key);
  }
  return keys;
}

/**
 * The head links of a page: modulepreload and stylesheet links for the route modules it rendered.
 * Modules loaded at the first interaction (decision 112) get no modulepreload; their stylesheets are
 * linked only for the critical-CSS pass below, then dropped (the chunk brings them when it loads).
 */
function headLinks(modules, afterInteraction) {
  const deferred = new Set(afterInteraction);
  const now = chunksOf(modules.filter((id) => !deferred.has(id)));
  const later = [...chunksOf(afterInteraction)].filter((key) => !now.has(key));
  const styles = (keys) => [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  return [
    ...styles(now).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    ...styles(later).map((css) => `<link rel="stylesheet" crossorigin href="/${css}" ${AFTER_INTERACTION_ATTRIBUTE}>`),
    ...[...now].map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
  ].join('\n    ');
}

const AFTER_INTERACTION_ATTRIBUTE = 'data-after-interaction';
// Must match apps/web/src/lib/deferred-stylesheets.ts, which switches the deferred stylesheets on.
const DEFERRED_MEDIA_ATTRIBUTE = 'data-beasties-media';

/**
 * Critical CSS (decision 112): every rule the page's markup uses is inlined in the head; the full
 * stylesheets load with `media="print"` (not render-blocking) until the entry module switches them on,
 * and a <noscript> link keeps them for visitors without script. Rules for the dark scheme are kept
 * although the prerendered <html> has no scheme yet (color-scheme.js sets it before the first paint).
 */
const beasties = new Beasties({
  path: distDir,
  publicPath: '/',
  preload: 'media-script',
  pruneSource: false,
  reduceInlineStyles: false,
  allowRules: [/data-mantine-color-scheme/],
  logLevel: 'warn',
});

async function inlineCriticalCss(document) {
  let html = await beasties.process(document);
  // beasties' switch-on script is inline, which the CSP forbids: the entry module does the same.
  html = html.replace(
    /<script\b[^>]*>document\.querySelectorAll\('link\[data-beasties-media\]'\)[\s\S]*?<\/script>/,
    '',
  );
  // The stylesheets of interaction-loaded chunks come with those chunks.
  html = html.replace(/<link\b[^>]*>/g, (link) =>
    link.includes(AFTER_INTERACTION_ATTRIBUTE) && link.includes(DEFERRED_MEDIA_ATTRIBUTE) ? '' : link,
  );
  if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(html)) throw new Error('The critical-CSS pass left an inline script.');
  if (!html.includes('<style>')) throw new Error('The critical-CSS pass inlined no CSS.');
  return html;
}

async function writePage(page, file, renderedFor) {
  const { html, modules, afterInteraction } = await render(page.path);
  if (/<script/i.test(html)) throw new Error(`${page.path} rendered an inline script (the CSP forbids it).`);
  if (!html.trim()) throw new Error(`${page.path} rendered nothing.`);
  const links = headLinks(modules, afterInteraction);
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
  const output = await inlineCriticalCss(document);
  await writeFile(target, output);
  return { file, modules: modules.length, afterInteraction: afterInteraction.length, bytes: Buffer.byteLength(output) };
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
  console.info(
    `prerendered ${entry.file} (${entry.modules} route modules, ${entry.afterInteraction} at first interaction, ${entry.bytes} bytes)`,
  );
console.info('wrote app.html (SPA shell)');
