import { describe, expect, it } from 'vitest';
import { buildTree, nodeCube, parseEptInfo } from './ept-tree.ts';

/** The ept.json the tree writer produces for a LAS of format 2 (decision 226). */
const WRITTEN = {
  bounds: [500, 1000, 0, 600, 1100, 100],
  boundsConformed: [500, 1000, 0, 600, 1080, 12],
  dataType: 'binary',
  hierarchyType: 'json',
  points: 3,
  schema: [
    { name: 'X', type: 'signed', size: 4, scale: 0.001, offset: 0 },
    { name: 'Y', type: 'signed', size: 4, scale: 0.001, offset: 0 },
    { name: 'Z', type: 'signed', size: 4, scale: 0.001, offset: 0 },
    { name: 'Intensity', type: 'unsigned', size: 2 },
    { name: 'Classification', type: 'unsigned', size: 1 },
    { name: 'Red', type: 'unsigned', size: 2 },
    { name: 'Green', type: 'unsigned', size: 2 },
    { name: 'Blue', type: 'unsigned', size: 2 },
  ],
  span: 128,
  srs: {},
  version: '1.1.0',
};

describe('parseEptInfo', () => {
  it('reads the record layout from the schema: coordinates with their scale, colour after the other fields', () => {
    const info = parseEptInfo(WRITTEN);
    expect(info.layout.recordLength).toBe(21);
    expect(info.layout.fields.map((field) => [field.offset, field.type])).toEqual([
      [0, 'int32'],
      [4, 'int32'],
      [8, 'int32'],
    ]);
    expect(info.layout.scale).toEqual([0.001, 0.001, 0.001]);
    expect(info.layout.color?.fields.map((field) => field.offset)).toEqual([15, 17, 19]);
    expect(info.layout.color?.wide).toBe(true);
    expect(info.conformed).toEqual({ min: [500, 1000, 0], max: [600, 1080, 12] });
  });

  it('refuses what is not an EPT tree, with a reason', () => {
    expect(() => parseEptInfo({ bounds: [0, 0, 0] })).toThrow(/not a valid EPT/);
    expect(() => parseEptInfo({ ...WRITTEN, schema: [{ name: 'X', type: 'signed', size: 3 }] })).toThrow(/dimension/);
    expect(() => parseEptInfo({ ...WRITTEN, schema: WRITTEN.schema.slice(3) })).toThrow(/no X, Y and Z/);
  });
});

describe('buildTree', () => {
  it('links each node to its children and cuts its cube to the cloud', () => {
    const info = parseEptInfo(WRITTEN);
    expect(nodeCube(info, '2-3-1-0')).toEqual({ min: [575, 1025, 0], max: [600, 1050, 25] });
    const tree = buildTree(info, { '0-0-0-0': 10, '1-0-0-0': 5, '1-1-1-0': 4, '2-3-3-0': 2, junk: 1 });
    expect(tree.nodes.get('0-0-0-0')?.children.sort()).toEqual(['1-0-0-0', '1-1-1-0']);
    expect(tree.nodes.get('1-1-1-0')?.children).toEqual(['2-3-3-0']);
    expect(tree.nodes.has('junk')).toBe(false);
    // The cube reaches z = 100 and y = 1100; the cloud stops at 12 and 1080.
    expect(tree.nodes.get('2-3-3-0')).toMatchObject({ min: [575, 1075, 0], max: [600, 1080, 12] });
  });

  it('refuses a hierarchy without its root', () => {
    expect(() => buildTree(parseEptInfo(WRITTEN), { '1-0-0-0': 3 })).toThrow(/no root/);
  });
});
