import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../../test/ept-trees.ts';
import { writeGeneratedLas } from '../../../test/las-files.ts';
import { writeGeneratedLaz } from '../../../test/point-files.ts';
import { decodeOnce } from './decode-once.ts';
import { convertToEpt } from './ept-writer.ts';
import { convertFileToEpt, openPointSource } from './open-point-source.ts';
import { type TPointSource, UnreadablePointCloudError } from './point-source.ts';

/**
 * A LAZ is decoded once per conversion (decision 244): later passes read the decoded points back
 * from a spill beside the file, and the tree is the one reading the file every time would give.
 * The spill never outlives the conversion, whether it succeeded or failed.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'decode-once-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SMALL_NODES = { maxNodePoints: 5_000, bufferBudgetBytes: 1024 * 1024 };

/** The source, with its readings counted and (when asked) its bounds withheld, for three passes. */
function counted(source: TPointSource, withoutBounds = false) {
  const readings = { count: 0 };
  const wrapped: TPointSource = {
    ...source,
    bounds: withoutBounds ? null : source.bounds,
    read(onBatch) {
      readings.count++;
      return source.read(onBatch);
    },
  };
  return { source: wrapped, readings };
}

async function sameTrees(a: string, b: string) {
  const tree = await readTree(a);
  for (const name of ['ept.json', 'ept-hierarchy/0-0-0-0.json', ...tree.files.map((key) => `ept-data/${key}.bin`)]) {
    expect((await readFile(path.join(a, name))).equals(await readFile(path.join(b, name))), name).toBe(true);
  }
  return tree;
}

const spills = async (folder: string) => (await readdir(folder)).filter((name) => name.endsWith('.decoded'));

describe('decoding a LAZ once', () => {
  it('decodes each chunk once over three passes and builds the tree reading it three times builds', async () => {
    const count = 70_000;
    const laz = path.join(dir, 'three.laz');
    await writeGeneratedLaz(laz, count, 100, 20_000);

    // Every pass decoding the file, as before.
    const direct = counted(await openPointSource(laz), true);
    await convertToEpt(direct.source, path.join(dir, 'three-direct'), SMALL_NODES);
    expect(direct.readings.count).toBe(3);

    const decoded = counted(await openPointSource(laz), true);
    const once = decodeOnce(decoded.source, path.join(dir, 'three.laz.decoded'));
    const summary = await convertToEpt(once.source, path.join(dir, 'three-once'), SMALL_NODES);
    expect(decoded.readings.count).toBe(1);
    expect(summary.points).toBe(count);
    expect(await spills(dir)).toEqual(['three.laz.decoded']);
    await once.remove();
    expect(await spills(dir)).toEqual([]);

    const tree = await sameTrees(path.join(dir, 'three-once'), path.join(dir, 'three-direct'));
    expect(tree.rows.length).toBe(count);
  }, 60_000);

  it('converts a LAZ (format 2, with colour) into the tree of the same points as LAS and leaves no spill beside it', async () => {
    const folder = await mkdtemp(path.join(dir, 'as-las-'));
    const las = path.join(folder, 'cloud.las');
    const laz = path.join(folder, 'cloud.laz');
    await writeGeneratedLas(las, 50_000);
    await writeGeneratedLaz(laz, 50_000, 100, 16_000);
    const fromLas = await convertFileToEpt(las, path.join(folder, 'las-tree'), SMALL_NODES);
    const fromLaz = await convertFileToEpt(laz, path.join(folder, 'laz-tree'), SMALL_NODES);
    expect(fromLaz).toEqual(fromLas);
    await sameTrees(path.join(folder, 'laz-tree'), path.join(folder, 'las-tree'));
    expect(await spills(folder)).toEqual([]);
  }, 60_000);

  it('removes the spill when the conversion fails after the decoding pass', async () => {
    const folder = await mkdtemp(path.join(dir, 'blocked-'));
    const laz = path.join(folder, 'cloud.laz');
    await writeGeneratedLaz(laz, 30_000, 100, 10_000);
    // A file where the tree's folder should be: the distribution pass cannot start.
    const blocked = path.join(folder, 'tree');
    await writeFile(blocked, 'not a folder');
    await expect(convertFileToEpt(laz, blocked, SMALL_NODES)).rejects.toThrow();
    expect(await spills(folder)).toEqual([]);
  }, 60_000);

  it('removes the spill when the decoding pass fails part way, with the reader’s reason', async () => {
    const laz = path.join(dir, 'partway.laz');
    await writeGeneratedLaz(laz, 30_000, 100, 10_000);
    const source = await openPointSource(laz);
    let batches = 0;
    const failing: TPointSource = {
      ...source,
      read: (onBatch) =>
        source.read(async (batch) => {
          if (++batches === 2) throw new UnreadablePointCloudError('A LAZ chunk could not be decoded: cut.');
          await onBatch(batch);
        }),
    };
    const once = decodeOnce(failing, path.join(dir, 'partway.laz.decoded'));
    await expect(convertToEpt(once.source, path.join(dir, 'partway-tree'), SMALL_NODES)).rejects.toThrow(
      'A LAZ chunk could not be decoded: cut.',
    );
    expect(await spills(dir)).toEqual([]);
  }, 60_000);
});
