import { describe, expect, it } from 'vitest';
import { baseNameOf, externalUrisOfGltf, mtlLibrariesOf, texturesOfMtl } from './related-files.ts';

describe('files a model refers to', () => {
  it('reads the material libraries of an OBJ', () => {
    expect(mtlLibrariesOf('# cube\nmtllib cube.mtl\nv 0 0 0\nmtllib  a.mtl b.mtl \n')).toEqual([
      'cube.mtl',
      'a.mtl',
      'b.mtl',
    ]);
    expect(mtlLibrariesOf('v 0 0 0\n')).toEqual([]);
  });

  it('reads the textures of an MTL, options and folders left aside', () => {
    const mtl = 'newmtl wall\nKd 1 1 1\nmap_Kd textures/wall.png\nmap_Bump -bm 0.5 bump.jpg\nbump bump.jpg\n';
    expect(texturesOfMtl(mtl)).toEqual(['wall.png', 'bump.jpg']);
  });

  it('reads the external buffers and images of a glTF, not its data URIs', () => {
    expect(
      externalUrisOfGltf({
        buffers: [{ uri: 'scene.bin' }, { uri: 'data:application/octet-stream;base64,AA==' }],
        images: [{ uri: 'tex/a%20b.png' }, {}],
      }),
    ).toEqual(['scene.bin', 'tex/a%20b.png']);
    expect(baseNameOf('tex/a%20b.png?x=1')).toBe('a b.png');
    expect(baseNameOf('C:\\models\\wall.jpg')).toBe('wall.jpg');
  });
});
