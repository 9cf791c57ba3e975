import { LoadingManager, Mesh, MeshStandardMaterial, type Object3D } from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MTLLoader } from 'three/addons/loaders/MTLLoader.js';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { fetchFile, type TRenewUrl } from './fetch-file.ts';
import { baseNameOf, externalUrisOfGltf, mtlLibrariesOf, texturesOfMtl } from './related-files.ts';
import { extensionOf } from './viewer-kind.ts';

type TResolveRelated = ((fileName: string) => Promise<string | null>) | undefined;

/** Signed links of the named sibling files (those the order holds), by base name. */
async function linksOf(names: readonly string[], resolveRelated: TResolveRelated) {
  const links = new Map<string, string>();
  if (!resolveRelated) return links;
  for (const name of new Set(names.map(baseNameOf))) {
    const url = await resolveRelated(name);
    if (url) links.set(name, url);
  }
  return links;
}

/** A loading manager that sends a model's references to other files to their signed links. */
function managerFor(links: Map<string, string>) {
  const manager = new LoadingManager();
  manager.setURLModifier((reference) => links.get(baseNameOf(reference)) ?? reference);
  return manager;
}

/**
 * Loads a GLB/glTF, OBJ (with its MTL and textures when the order holds them) or PLY mesh, in the
 * file's own coordinates: nothing is moved or scaled, so measures and pins are in its units.
 */
export async function loadModel(
  fileName: string,
  url: string,
  options: { renewUrl?: TRenewUrl | undefined; resolveRelated: TResolveRelated; signal: AbortSignal },
): Promise<Object3D> {
  const response = await fetchFile(url, { renewUrl: options.renewUrl, signal: options.signal });
  const extension = extensionOf(fileName);
  if (extension === 'glb' || extension === 'gltf') {
    const bytes = await response.arrayBuffer();
    let links = new Map<string, string>();
    if (extension === 'gltf') {
      const json = JSON.parse(new TextDecoder().decode(bytes)) as Parameters<typeof externalUrisOfGltf>[0];
      links = await linksOf(externalUrisOfGltf(json), options.resolveRelated);
    }
    const gltf = await new GLTFLoader(managerFor(links)).parseAsync(bytes, '');
    return gltf.scene;
  }
  if (extension === 'obj') {
    const text = await response.text();
    const loader = new OBJLoader();
    const mtlLinks = await linksOf(mtlLibrariesOf(text), options.resolveRelated);
    const [mtlUrl] = [...mtlLinks.values()];
    if (mtlUrl) {
      const mtlText = await (await fetchFile(mtlUrl, { signal: options.signal })).text();
      const textureLinks = await linksOf(texturesOfMtl(mtlText), options.resolveRelated);
      const materials = new MTLLoader(managerFor(textureLinks)).parse(mtlText, '');
      materials.preload();
      loader.setMaterials(materials);
    }
    return loader.parse(text);
  }
  const geometry = new PLYLoader().parse(await response.arrayBuffer());
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
  const material = new MeshStandardMaterial({
    color: 0xb0b6c0,
    vertexColors: Boolean(geometry.getAttribute('color')),
    flatShading: true,
  });
  return new Mesh(geometry, material);
}
