/**
 * What kind of file a deliverable is, from its name: for the type icon shown when there is no
 * thumbnail, and the content type handed to a viewer. The bytes are never trusted for this; the
 * server serves downloads as octet-stream whatever the name says.
 */

export const FILE_KINDS = ['image', 'mesh', 'point_cloud', 'panorama', 'pdf', 'video', 'other'] as const;
export type TFileKind = (typeof FILE_KINDS)[number];

const KIND_OF_EXTENSION: Record<string, TFileKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  svg: 'image',
  glb: 'mesh',
  gltf: 'mesh',
  obj: 'mesh',
  fbx: 'mesh',
  stl: 'mesh',
  ply: 'point_cloud',
  las: 'point_cloud',
  laz: 'point_cloud',
  e57: 'point_cloud',
  pts: 'point_cloud',
  xyz: 'point_cloud',
  pdf: 'pdf',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
};

const CONTENT_TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
  ply: 'application/ply',
  las: 'application/vnd.las',
  laz: 'application/vnd.laszip',
  e57: 'model/e57',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

function extensionOf(fileName: string) {
  return /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
}

/** The kind of a file by its name; a name with "360" or "pano" in it and an image extension is a panorama. */
export function fileKindOf(fileName: string): TFileKind {
  const extension = extensionOf(fileName);
  const kind = (extension && KIND_OF_EXTENSION[extension]) || 'other';
  if (kind === 'image' && /(360|pano)/i.test(fileName)) return 'panorama';
  return kind;
}

/** The content type a viewer may assume from the name, when the name says one. */
export function contentTypeOf(fileName: string): string | undefined {
  const extension = extensionOf(fileName);
  return extension ? CONTENT_TYPE_OF_EXTENSION[extension] : undefined;
}
