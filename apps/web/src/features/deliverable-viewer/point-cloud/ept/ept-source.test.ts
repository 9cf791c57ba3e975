import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEptSource, type TEptMessage } from './ept-source.ts';

afterEach(() => vi.unstubAllGlobals());

const BASE = 'http://app.test/api/point-trees/token/';
const EPT = {
  bounds: [1000, 2000, 0, 1100, 2100, 100],
  boundsConformed: [1000, 2000, 0, 1100, 2100, 10],
  dataType: 'binary',
  points: 3,
  schema: [
    { name: 'X', type: 'signed', size: 4, scale: 0.01, offset: 1000 },
    { name: 'Y', type: 'signed', size: 4, scale: 0.01, offset: 2000 },
    { name: 'Z', type: 'signed', size: 4, scale: 0.01, offset: 0 },
    { name: 'Red', type: 'unsigned', size: 2 },
    { name: 'Green', type: 'unsigned', size: 2 },
    { name: 'Blue', type: 'unsigned', size: 2 },
  ],
};

/** Two points of 18-byte records: X, Y, Z as int32 hundredths, then 16-bit RGB. */
function nodeBytes() {
  const bytes = new DataView(new ArrayBuffer(36));
  [
    [100, 200, 300, 65535, 0, 0],
    [9900, 9800, 700, 0, 65535, 0],
  ].forEach(([x, y, z, r, g, b], index) => {
    const at = index * 18;
    bytes.setInt32(at, x!, true);
    bytes.setInt32(at + 4, y!, true);
    bytes.setInt32(at + 8, z!, true);
    bytes.setUint16(at + 12, r!, true);
    bytes.setUint16(at + 14, g!, true);
    bytes.setUint16(at + 16, b!, true);
  });
  return new Uint8Array(bytes.buffer);
}

function serveTree() {
  const asked: string[] = [];
  const files: Record<string, () => Response> = {
    'ept.json': () => Response.json(EPT),
    // The root's page sends one branch to a page of its own (EPT's count of -1).
    'ept-hierarchy/0-0-0-0.json': () => Response.json({ '0-0-0-0': 2, '1-0-0-0': -1 }),
    'ept-hierarchy/1-0-0-0.json': () => Response.json({ '1-0-0-0': 1, '2-1-1-0': 1 }),
    'ept-data/0-0-0-0.bin': () => new Response(nodeBytes()),
  };
  vi.stubGlobal('fetch', async (url: string) => {
    const name = String(url).slice(BASE.length);
    asked.push(name);
    if (name === 'file.las') return new Response(new Uint8Array(0), { status: 206 });
    if (name === 'scan.e57') {
      const head = new Uint8Array(64);
      head.set(new TextEncoder().encode('ASTM-E57'));
      return new Response(head, { status: 206 });
    }
    return files[name]?.() ?? new Response('not found', { status: 404 });
  });
  return asked;
}

async function until(messages: TEptMessage[], type: TEptMessage['type']) {
  await vi.waitFor(() => expect(messages.some((message) => message.type === type)).toBe(true));
  return messages.find((message) => message.type === type)!;
}

describe('createEptSource', () => {
  it('reads ept.json and the whole hierarchy, then sends the root unasked, decoded into positions about the origin', async () => {
    const asked = serveTree();
    const messages: TEptMessage[] = [];
    const source = createEptSource((message) => messages.push(message));
    source.handle({ type: 'open', treeUrl: `${BASE}ept.json`, fileUrl: `${BASE}file.las`, fileName: 'file.las' });
    const tree = (await until(messages, 'tree')) as Extract<TEptMessage, { type: 'tree' }>;
    expect([...tree.tree.nodes.keys()].sort()).toEqual(['0-0-0-0', '1-0-0-0', '2-1-1-0']);
    expect(tree.origin).toEqual([1050, 2050, 5]);
    expect(asked).toContain('ept-hierarchy/1-0-0-0.json');

    // The root comes without being asked for: every view starts with it.
    const node = (await until(messages, 'node')) as Extract<TEptMessage, { type: 'node' }>;
    expect(node.key).toBe('0-0-0-0');
    expect(Array.from(node.positions)).toEqual([-49, -48, -2, 49, 48, 2]);
    expect(Array.from(node.colors!)).toEqual([255, 0, 0, 0, 255, 0]);
  });

  it("gives an E57's facts the tree's count, colour and extent, and no reason it cannot be drawn", async () => {
    serveTree();
    const messages: TEptMessage[] = [];
    const source = createEptSource((message) => messages.push(message));
    source.handle({ type: 'open', treeUrl: `${BASE}ept.json`, fileUrl: `${BASE}scan.e57`, fileName: 'scan.e57' });
    const { facts } = (await until(messages, 'facts')) as Extract<TEptMessage, { type: 'facts' }>;
    expect(facts).toMatchObject({
      format: 'E57',
      pointCount: 3,
      hasColor: true,
      bounds: { min: [1000, 2000, 0], max: [1100, 2100, 10] },
      unreadable: null,
    });
  });

  it('reports a node it cannot fetch, and refuses a tree of a data type it does not decode', async () => {
    serveTree();
    const messages: TEptMessage[] = [];
    const source = createEptSource((message) => messages.push(message));
    source.handle({ type: 'open', treeUrl: `${BASE}ept.json`, fileUrl: `${BASE}file.las`, fileName: 'file.las' });
    await until(messages, 'tree');
    source.handle({ type: 'load', key: '2-1-1-0' });
    expect(await until(messages, 'node-failed')).toMatchObject({ key: '2-1-1-0', message: 'HTTP 404' });

    EPT.dataType = 'laszip';
    const refused: TEptMessage[] = [];
    createEptSource((message) => refused.push(message)).handle({
      type: 'open',
      treeUrl: `${BASE}ept.json`,
      fileUrl: `${BASE}file.las`,
      fileName: 'file.las',
    });
    expect(await until(refused, 'error')).toMatchObject({ message: expect.stringContaining('"laszip"') });
    EPT.dataType = 'binary';
  });
});
