import { describe, expect, it } from 'vitest';
import { contentTypeOf, fileKindOf } from './file-kinds.ts';

describe('file kinds by name', () => {
  it('names the kind whose icon a file without a thumbnail shows', () => {
    expect(fileKindOf('Level 2.GLB')).toBe('mesh');
    expect(fileKindOf('site.laz')).toBe('point_cloud');
    expect(fileKindOf('scan.e57')).toBe('point_cloud');
    expect(fileKindOf('lobby-360.jpg')).toBe('panorama');
    expect(fileKindOf('plan.png')).toBe('image');
    expect(fileKindOf('report.pdf')).toBe('pdf');
    expect(fileKindOf('walkthrough.mp4')).toBe('video');
    expect(fileKindOf('notes.docx')).toBe('other');
    expect(fileKindOf('no-extension')).toBe('other');
  });

  it('gives a content type only where the name says one', () => {
    expect(contentTypeOf('model.glb')).toBe('model/gltf-binary');
    expect(contentTypeOf('report.PDF')).toBe('application/pdf');
    expect(contentTypeOf('archive.zip')).toBeUndefined();
  });
});
