/**
 * Which viewer opens a deliverable, from its name (and its content type when one is known).
 * PLY holds either a mesh or a point cloud: 'ply' is decided by its header (`plyHasFaces`).
 */
export type TViewerKind = 'model' | 'ply' | 'point-cloud' | 'image' | 'pdf' | 'video' | 'unknown';

export type TViewerFile = { id: string; name: string; sizeBytes: number; contentType?: string | null };

const KIND_BY_EXTENSION: Record<string, TViewerKind> = {
  glb: 'model',
  gltf: 'model',
  obj: 'model',
  ply: 'ply',
  las: 'point-cloud',
  laz: 'point-cloud',
  e57: 'point-cloud',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  svg: 'image',
  webp: 'image',
  pdf: 'pdf',
  mp4: 'video',
  m4v: 'video',
};

const KIND_BY_CONTENT_TYPE: Record<string, TViewerKind> = {
  'model/gltf-binary': 'model',
  'model/gltf+json': 'model',
  'model/obj': 'model',
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/svg+xml': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
};

/** The file's extension, lower case, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function viewerKindOf(file: Pick<TViewerFile, 'name' | 'contentType'>): TViewerKind {
  const byName = KIND_BY_EXTENSION[extensionOf(file.name)];
  if (byName) return byName;
  const type = file.contentType?.split(';')[0]?.trim().toLowerCase();
  return (type && KIND_BY_CONTENT_TYPE[type]) || 'unknown';
}

/** A short name of the file's type for its facts ("GLB", "PDF"…). */
export function typeLabelOf(file: Pick<TViewerFile, 'name' | 'contentType'>): string {
  const extension = extensionOf(file.name);
  if (extension) return extension.toUpperCase();
  return file.contentType ?? 'Unknown';
}

/**
 * Whether a PLY header (the text up to `end_header`) declares faces: a mesh when it does, a
 * point cloud when it has only vertices. Null when the text is not a complete PLY header.
 */
export function plyHasFaces(headerText: string): boolean | null {
  if (!headerText.startsWith('ply')) return null;
  const end = headerText.indexOf('end_header');
  if (end < 0) return null;
  const match = /^element\s+face\s+(\d+)\s*$/m.exec(headerText.slice(0, end));
  return match ? Number(match[1]) > 0 : false;
}

/** Whether an image's proportions are those of an equirectangular panorama (2:1, within a pixel or two). */
export function looksEquirectangular(width: number, height: number): boolean {
  return height > 0 && Math.abs(width - 2 * height) <= Math.max(2, width * 0.005);
}
