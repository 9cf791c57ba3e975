import { parseXml, type TXmlElement } from './small-xml.ts';

/**
 * The facts of an ASTM E57 file without decoding its points: a 48-byte binary header points at an
 * XML section that lists each scan (`/data3D/vectorChild`) with its point count
 * (`points@recordCount`) and bounds (`cartesianBounds`, or for a scan kept in spherical
 * coordinates often only `sphericalBounds`, of which its farthest range is read). The file is
 * stored in pages (1024 bytes by default) whose last 4 bytes are a CRC, so the XML's logical bytes
 * are the physical bytes with those checksums removed.
 */

export type TE57Header = {
  versionMajor: number;
  versionMinor: number;
  filePhysicalLength: number;
  xmlPhysicalOffset: number;
  xmlLogicalLength: number;
  pageSize: number;
};

export type TE57Bounds = { min: [number, number, number]; max: [number, number, number] };

export type TE57Scan = {
  name: string | null;
  guid: string | null;
  pointCount: number;
  /** In the scan's own coordinates (before its pose), as the file states them. */
  bounds: TE57Bounds | null;
  /** A spherical scan's farthest range from its scanner (`sphericalBounds`), when the file states it. */
  rangeMaximum: number | null;
  /** Fields each point carries: cartesianX, colorRed, intensity… */
  fields: string[];
};

export type TE57Metadata = {
  version: string;
  scans: TE57Scan[];
  pointCount: number;
  images: number;
  guid: string | null;
  coordinateMetadata: string | null;
};

export const E57_HEADER_BYTES = 48;
const CHECKSUM_BYTES = 4;
/** The XML section of a file with thousands of scans stays far below this; refuse anything larger. */
export const E57_MAX_XML_BYTES = 16 * 1024 * 1024;

export function isE57(bytes: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(bytes.subarray(0, 8)) === 'ASTM-E57';
}

export function parseE57Header(buffer: ArrayBuffer): TE57Header {
  const bytes = new Uint8Array(buffer);
  if (bytes.length < E57_HEADER_BYTES || !isE57(bytes))
    throw new Error('Not an E57 file: it does not start with "ASTM-E57".');
  const view = new DataView(buffer);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const header = {
    versionMajor: view.getUint32(8, true),
    versionMinor: view.getUint32(12, true),
    filePhysicalLength: u64(16),
    xmlPhysicalOffset: u64(24),
    xmlLogicalLength: u64(32),
    pageSize: u64(40),
  };
  if (header.pageSize <= CHECKSUM_BYTES || header.pageSize > 1 << 24)
    throw new Error(`Bad E57 page size ${header.pageSize}.`);
  if (header.xmlLogicalLength > E57_MAX_XML_BYTES) throw new Error('The E57 XML section is too large to read.');
  return header;
}

/** The physical byte range (inclusive) that holds the XML section, checksums included. */
export function xmlPhysicalRange(header: TE57Header): { start: number; end: number } {
  const logicalPerPage = header.pageSize - CHECKSUM_BYTES;
  const startPage = Math.floor(header.xmlPhysicalOffset / header.pageSize);
  const startInPage = header.xmlPhysicalOffset % header.pageSize;
  const logicalEnd = startInPage + header.xmlLogicalLength; // counted from the start page's first byte
  const lastPage = startPage + Math.floor((logicalEnd - 1) / logicalPerPage);
  const end = lastPage * header.pageSize + ((logicalEnd - 1) % logicalPerPage);
  return { start: header.xmlPhysicalOffset, end };
}

/** Removes the 4-byte CRC at the end of every page from physical bytes that start at `physicalStart`. */
export function stripPageChecksums(bytes: Uint8Array, physicalStart: number, pageSize: number): Uint8Array {
  const logicalPerPage = pageSize - CHECKSUM_BYTES;
  const out = new Uint8Array(bytes.length);
  let written = 0;
  let at = 0;
  while (at < bytes.length) {
    const inPage = (physicalStart + at) % pageSize;
    if (inPage >= logicalPerPage) {
      at += pageSize - inPage; // skip the checksum
      continue;
    }
    const take = Math.min(logicalPerPage - inPage, bytes.length - at);
    out.set(bytes.subarray(at, at + take), written);
    written += take;
    at += take;
  }
  return out.subarray(0, written);
}

function childElement(parent: TXmlElement, name: string): TXmlElement | null {
  return parent.children.find((child) => child.name === name) ?? null;
}

function textOf(parent: TXmlElement, name: string): string | null {
  const element = childElement(parent, name);
  const text = element?.text.trim();
  return text ? text : null;
}

function numberOf(parent: TXmlElement, name: string): number | null {
  const text = textOf(parent, name);
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function boundsOf(scan: TXmlElement): TE57Bounds | null {
  const bounds = childElement(scan, 'cartesianBounds');
  if (!bounds) return null;
  const values = ['xMinimum', 'yMinimum', 'zMinimum', 'xMaximum', 'yMaximum', 'zMaximum'].map((name) =>
    numberOf(bounds, name),
  );
  if (values.some((value) => value === null)) return null;
  const [x0, y0, z0, x1, y1, z1] = values as number[];
  return { min: [x0!, y0!, z0!], max: [x1!, y1!, z1!] };
}

/** Reads the scans from the XML section's text. */
export function parseE57Xml(xml: string, header: TE57Header): TE57Metadata {
  let root: TXmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    throw new Error(`The E57 XML section could not be read: ${error instanceof Error ? error.message : 'bad XML'}`);
  }
  if (root.name !== 'e57Root') throw new Error('The E57 XML section could not be read: its root is not e57Root.');
  const scans: TE57Scan[] = [];
  const data3D = childElement(root, 'data3D');
  for (const scan of data3D?.children ?? []) {
    if (scan.name !== 'vectorChild') continue;
    const points = childElement(scan, 'points');
    const recordCount = Number(points?.attributes.recordCount ?? 0);
    const prototype = points ? childElement(points, 'prototype') : null;
    scans.push({
      name: textOf(scan, 'name'),
      guid: textOf(scan, 'guid'),
      pointCount: Number.isSafeInteger(recordCount) && recordCount >= 0 ? recordCount : 0,
      bounds: boundsOf(scan),
      rangeMaximum: (() => {
        const spherical = childElement(scan, 'sphericalBounds');
        return spherical ? numberOf(spherical, 'rangeMaximum') : null;
      })(),
      fields: (prototype?.children ?? []).map((field) => field.name),
    });
  }
  const images2D = childElement(root, 'images2D');
  return {
    version: `${header.versionMajor}.${header.versionMinor}`,
    scans,
    pointCount: scans.reduce((total, scan) => total + scan.pointCount, 0),
    images: (images2D?.children ?? []).filter((child) => child.name === 'vectorChild').length,
    guid: textOf(root, 'guid'),
    coordinateMetadata: textOf(root, 'coordinateMetadata'),
  };
}

/** The union of the scans' bounds (each in its own frame; a rough extent of the whole capture). */
export function unionBounds(scans: readonly TE57Scan[]): TE57Bounds | null {
  const boxes = scans.map((scan) => scan.bounds).filter((bounds): bounds is TE57Bounds => bounds !== null);
  if (boxes.length === 0) return null;
  return {
    min: [0, 1, 2].map((axis) => Math.min(...boxes.map((box) => box.min[axis]!))) as [number, number, number],
    max: [0, 1, 2].map((axis) => Math.max(...boxes.map((box) => box.max[axis]!))) as [number, number, number],
  };
}
