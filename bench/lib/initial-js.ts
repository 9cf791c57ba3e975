import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a page loads before any interaction: its module scripts and modulepreloads, and
 * every chunk those import statically (transitively). Dynamic import() is left out: it loads later.
 */

export type TJsFile = { file: string; bytes: number; gzipBytes: number };
export type TInitialJs = { page: string; files: TJsFile[]; bytes: number; gzipBytes: number };

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/**
 * A static `import … from "x"`, `import "x"` or `export … from "x"`, as bundlers emit them.
 * The clause before `from` may hold only names, braces, commas and `*`, which excludes `import(`
 * and `import.meta`.
 */
const STATIC_IMPORT = /(?<![\w$.])(?:import|export)\s*(?:[\w$\s{},*]*?\bfrom\s*)?(["'])([^"'\n]+)\1/g;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.replace(/^<\w+|\/?>$/g, '').matchAll(ATTRIBUTE)) {
    attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The entry scripts of an HTML page: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function entryScripts(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const src = attributes.get('src');
    if (src && attributes.get('type') === 'module') urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const href = attributes.get('href');
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (href && rel.includes('modulepreload')) urls.push(href);
  }
  return urls;
}

export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[2]!);
}

/** A URL of the page or of a chunk as a file under distDir; undefined for other origins. */
function resolveUrl(distDir: string, fromFile: string, url: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
  const clean = url.split(/[?#]/)[0]!;
  return clean.startsWith('/') ? path.join(distDir, clean) : path.resolve(path.dirname(fromFile), clean);
}

/** Measures the initial JavaScript of `htmlFile` (relative to distDir), gzip at level 9 per file. */
export function measureInitialJs(distDir: string, htmlFile = 'index.html'): TInitialJs {
  const page = path.join(distDir, htmlFile);
  if (!existsSync(page)) throw new Error(`${page} not found.`);
  const queue = entryScripts(readFileSync(page, 'utf8'))
    .map((url) => resolveUrl(distDir, page, url))
    .filter((file): file is string => file !== undefined);
  if (queue.length === 0) throw new Error(`${page} references no module script.`);
  const seen = new Set<string>();
  const files: TJsFile[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) throw new Error(`${file}, referenced by ${htmlFile} or its chunks, does not exist.`);
    const code = readFileSync(file);
    files.push({
      file: path.relative(distDir, file),
      bytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
    });
    for (const specifier of staticImports(code.toString('utf8'))) {
      const target = resolveUrl(distDir, file, specifier);
      if (target && /\.m?js$/.test(target)) queue.push(target);
    }
  }
  return {
    page: htmlFile,
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}
