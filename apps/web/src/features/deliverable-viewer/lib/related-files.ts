/** The last segment of a path or URL a model file refers to ("textures/wall.jpg" → "wall.jpg"). */
export function baseNameOf(reference: string): string {
  const clean = reference.split(/[?#]/)[0] ?? '';
  const segments = clean.split(/[\\/]/);
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}

/** The material libraries an OBJ names (`mtllib a.mtl b.mtl`). */
export function mtlLibrariesOf(objText: string): string[] {
  const names: string[] = [];
  for (const match of objText.matchAll(/^\s*mtllib\s+(.+?)\s*$/gm)) {
    names.push(...(match[1] ?? '').split(/\s+/).filter(Boolean));
  }
  return names;
}

/** The texture files an MTL refers to (map_Kd, map_Bump, bump… the file name is the last word). */
export function texturesOfMtl(mtlText: string): string[] {
  const names = new Set<string>();
  for (const match of mtlText.matchAll(/^\s*(map_\w+|bump|disp|decal|refl|norm)\s+(.+?)\s*$/gim)) {
    const words = (match[2] ?? '').split(/\s+/);
    const last = words[words.length - 1];
    if (last) names.add(baseNameOf(last));
  }
  return [...names];
}

/** The external files a glTF (JSON) refers to: buffers and images that are not data: URIs. */
export function externalUrisOfGltf(json: { buffers?: { uri?: string }[]; images?: { uri?: string }[] }): string[] {
  return [...(json.buffers ?? []), ...(json.images ?? [])]
    .map((entry) => entry.uri)
    .filter((uri): uri is string => typeof uri === 'string' && !uri.startsWith('data:'));
}
