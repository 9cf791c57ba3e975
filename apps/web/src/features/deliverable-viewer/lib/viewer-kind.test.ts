import { describe, expect, it } from 'vitest';
import { extensionOf, looksEquirectangular, plyHasFaces, typeLabelOf, viewerKindOf } from './viewer-kind.ts';

describe('viewerKindOf', () => {
  it.each([
    ['scan.GLB', 'model'],
    ['scene.gltf', 'model'],
    ['house.obj', 'model'],
    ['room.ply', 'ply'],
    ['site.las', 'point-cloud'],
    ['site.laz', 'point-cloud'],
    ['survey.e57', 'point-cloud'],
    ['pano.jpg', 'image'],
    ['pano.JPEG', 'image'],
    ['plan.png', 'image'],
    ['plan.svg', 'image'],
    ['report.pdf', 'pdf'],
    ['walkthrough.mp4', 'video'],
    ['notes.docx', 'unknown'],
    ['README', 'unknown'],
  ] as const)('opens %s in the %s viewer', (name, kind) => {
    expect(viewerKindOf({ name })).toBe(kind);
  });

  it('falls back to the content type when the name has no known extension', () => {
    expect(viewerKindOf({ name: 'download', contentType: 'application/pdf' })).toBe('pdf');
    expect(viewerKindOf({ name: 'clip', contentType: 'video/mp4; codecs="avc1"' })).toBe('video');
    expect(viewerKindOf({ name: 'blob', contentType: 'application/octet-stream' })).toBe('unknown');
  });
});

describe('file facts', () => {
  it('names the type by its extension', () => {
    expect(extensionOf('a.b.GLB')).toBe('glb');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(typeLabelOf({ name: 'scan.glb' })).toBe('GLB');
    expect(typeLabelOf({ name: 'blob', contentType: 'image/png' })).toBe('image/png');
  });
});

describe('plyHasFaces', () => {
  const header = (elements: string) => `ply\nformat ascii 1.0\n${elements}end_header\n0 0 0\n`;
  it('tells a mesh from a point cloud by its face element', () => {
    expect(
      plyHasFaces(
        header('element vertex 3\nproperty float x\nelement face 1\nproperty list uchar int vertex_indices\n'),
      ),
    ).toBe(true);
    expect(plyHasFaces(header('element vertex 3\nproperty float x\n'))).toBe(false);
    expect(plyHasFaces(header('element vertex 3\nelement face 0\n'))).toBe(false);
  });
  it('answers null for text that is not a whole PLY header', () => {
    expect(plyHasFaces('solid cube\n')).toBeNull();
    expect(plyHasFaces('ply\nformat ascii 1.0\nelement vertex 3\n')).toBeNull();
  });
});

describe('looksEquirectangular', () => {
  it('is true for 2:1 images only', () => {
    expect(looksEquirectangular(4096, 2048)).toBe(true);
    expect(looksEquirectangular(4097, 2048)).toBe(true);
    expect(looksEquirectangular(1920, 1080)).toBe(false);
    expect(looksEquirectangular(2048, 2048)).toBe(false);
    expect(looksEquirectangular(0, 0)).toBe(false);
  });
});
