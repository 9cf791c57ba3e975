import { readCloudSource, type TCloudFacts } from '../lib/cloud-source.ts';
import { decodePoints, detectEightBitColor } from '../lib/point-decoder.ts';
import { buildTree, DECODED_DATA_TYPES, parseEptInfo, parseKey, type TEptTree, type TVec3 } from './ept-tree.ts';

/**
 * The worker's side of streaming a tree (ept-worker.ts): reads ept.json and the hierarchy, the
 * original file's header for its facts, and fetches and decodes nodes on request. Everything that
 * parses bytes of the upload runs here, off the page's thread.
 */

export type TEptRequest =
  | { type: 'open'; treeUrl: string; fileUrl: string; fileName: string }
  | { type: 'load'; key: string }
  | { type: 'cancel'; key: string };

export type TEptMessage =
  | { type: 'facts'; facts: TCloudFacts }
  | { type: 'tree'; tree: TEptTree; origin: TVec3 }
  | { type: 'node'; key: string; positions: Float32Array; colors: Uint8Array | null }
  | { type: 'node-failed'; key: string; message: string }
  | { type: 'error'; message: string };

/** Hierarchy files a tree may point to (counts of -1): more is not a tree this viewer opens. */
const MAX_HIERARCHY_FILES = 4096;

async function fetchJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The streaming tree could not be read (HTTP ${response.status}).`);
  return response.json();
}

/** The tree's files sit beside its ept.json: the link's folder. */
export function treeBase(treeUrl: string) {
  const url = new URL(treeUrl);
  url.pathname = url.pathname.replace(/ept\.json$/, '');
  return url;
}

function fileUrl(base: URL, name: string) {
  const url = new URL(base);
  url.pathname += name;
  return url.href;
}

/** The whole hierarchy, following every count of -1 to its own file (EPT 1.1). */
export async function readHierarchy(base: URL): Promise<Record<string, number>> {
  const all: Record<string, number> = {};
  const pending = ['0-0-0-0'];
  let files = 0;
  while (pending.length > 0) {
    const key = pending.pop()!;
    files += 1;
    if (files > MAX_HIERARCHY_FILES) throw new Error('The streaming tree has too many hierarchy files.');
    const page = (await fetchJson(fileUrl(base, `ept-hierarchy/${key}.json`))) as Record<string, unknown>;
    for (const [node, count] of Object.entries(page)) {
      if (typeof count !== 'number' || !parseKey(node)) continue;
      if (count === -1) pending.push(node);
      else all[node] = count;
    }
  }
  return all;
}

export function createEptSource(post: (message: TEptMessage, transfer?: Transferable[]) => void) {
  let base: URL | null = null;
  let tree: TEptTree | null = null;
  let origin: TVec3 = [0, 0, 0];
  let eightBit: boolean | null = null;
  const inFlight = new Map<string, AbortController>();
  /** The root's bytes, asked for as soon as ept.json is read: every view starts with it. */
  let rootBytes: Promise<Uint8Array> | null = null;

  async function fetchNode(key: string, signal: AbortSignal): Promise<Uint8Array> {
    const response = await fetch(fileUrl(base!, `ept-data/${key}.bin`), { signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function open(request: Extract<TEptRequest, { type: 'open' }>) {
    base = treeBase(request.treeUrl);
    // The facts are the original's (its header, one range request), as without a tree.
    const original = readCloudSource(request.fileUrl, request.fileName).then(
      (source) => source.facts,
      () => null,
    );
    const info = parseEptInfo(await fetchJson(request.treeUrl));
    // What the header cannot say (an E57's or PLY's count and extent), the tree does; and whatever
    // the browser cannot read of the original, the tree draws (decision 244).
    const facts = original.then((found) => {
      if (!found) return;
      post({
        type: 'facts',
        facts: {
          ...found,
          pointCount: found.pointCount ?? info.points,
          hasColor: found.hasColor || info.layout.color !== null,
          bounds: found.bounds ?? info.conformed,
          unreadable: null,
        },
      });
    });
    if (!(DECODED_DATA_TYPES as readonly string[]).includes(info.dataType)) {
      throw new Error(`The streaming tree's nodes are "${info.dataType}", which this viewer does not decode.`);
    }
    // The root's bytes come with the hierarchy, not after it: every view starts with the root.
    rootBytes = fetchNode('0-0-0-0', new AbortController().signal);
    rootBytes.catch(() => undefined);
    tree = buildTree(info, await readHierarchy(base));
    // Whole units keep the offset readable; float32 keeps sub-millimetre detail near zero.
    origin = [0, 1, 2].map((axis) => Math.round((info.conformed.min[axis]! + info.conformed.max[axis]!) / 2)) as TVec3;
    post({ type: 'tree', tree, origin });
    // The root is sent without being asked: the page draws it first, whatever it asks next.
    void load('0-0-0-0');
    await facts;
  }

  async function load(key: string) {
    if (!base || !tree || inFlight.has(key) || !tree.nodes.has(key)) return;
    const abort = new AbortController();
    inFlight.set(key, abort);
    try {
      const early = key === '0-0-0-0' ? rootBytes : null;
      rootBytes = key === '0-0-0-0' ? null : rootBytes;
      const bytes = await (early ?? fetchNode(key, abort.signal));
      if (abort.signal.aborted) return;
      const layout = tree.info.layout;
      eightBit ??= detectEightBitColor(bytes, layout);
      const decoded = decodePoints(bytes, layout, origin, eightBit);
      const transfer: Transferable[] = [decoded.positions.buffer as ArrayBuffer];
      if (decoded.colors) transfer.push(decoded.colors.buffer as ArrayBuffer);
      post({ type: 'node', key, positions: decoded.positions, colors: decoded.colors }, transfer);
    } catch (error) {
      if (!abort.signal.aborted) {
        post({ type: 'node-failed', key, message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    handle(request: TEptRequest) {
      if (request.type === 'open') {
        open(request).catch((error: unknown) =>
          post({
            type: 'error',
            message: error instanceof Error ? error.message : 'The streaming tree could not be read.',
          }),
        );
      } else if (request.type === 'load') {
        void load(request.key);
      } else {
        inFlight.get(request.key)?.abort();
        inFlight.delete(request.key);
      }
    },
  };
}
