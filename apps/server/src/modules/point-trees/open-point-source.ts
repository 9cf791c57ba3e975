import { decodeOnce } from './decode-once.ts';
import { openE57Source } from './e57-source.ts';
import { convertToEpt, DEFAULT_EPT_OPTIONS, type TEptOptions, type TEptSummary } from './ept-writer.ts';
import { openLasSource, readHead } from './las-source.ts';
import { openPlySource } from './ply-source.ts';
import { type TPointSource, UnreadablePointCloudError } from './point-source.ts';

/**
 * Picks the reader of a point cloud by what its first bytes are (decision 244): "LASF" (LAS, or
 * LAZ when its point format says compressed), "ply", "ASTM-E57". The name's extension only words
 * the refusal, so a file named wrongly is still read as what it is.
 */

/** The extensions the point-tree worker converts. */
export const TREE_EXTENSIONS = ['las', 'laz', 'ply', 'e57'] as const;

export async function openPointSource(file: string, extension = ''): Promise<TPointSource> {
  const head = await readHead(file, 8);
  if (head.toString('latin1', 0, 4) === 'LASF') return openLasSource(file);
  if (/^ply\r?\n/.test(head.toString('latin1', 0, 5))) return openPlySource(file);
  if (head.toString('latin1', 0, 8) === 'ASTM-E57') return openE57Source(file);
  const named = extension.replace(/^\./, '').toUpperCase();
  if (named === 'LAS' || named === 'LAZ') {
    throw new UnreadablePointCloudError('The file is not a LAS point cloud: it does not start with "LASF".');
  }
  if (named === 'PLY')
    throw new UnreadablePointCloudError('The file is not a PLY point cloud: it does not begin with "ply".');
  if (named === 'E57') {
    throw new UnreadablePointCloudError('The file is not an E57 point cloud: it does not begin with "ASTM-E57".');
  }
  throw new UnreadablePointCloudError('The file is not a point cloud the converter reads (LAS, LAZ, PLY or E57).');
}

/** Converts the point cloud at `file` into an EPT tree in `outDir`. */
export async function convertFileToEpt(
  file: string,
  outDir: string,
  options: TEptOptions = DEFAULT_EPT_OPTIONS,
  extension = '',
): Promise<TEptSummary> {
  const opened = await openPointSource(file, extension);
  if (!opened.costlyToRead) return convertToEpt(opened, outDir, options);
  // Beside the file: in the child, inside its work folder.
  const once = decodeOnce(opened, `${file}.decoded`);
  try {
    return await convertToEpt(once.source, outDir, options);
  } finally {
    await once.remove();
  }
}
