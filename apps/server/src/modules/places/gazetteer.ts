import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { TPlace } from '@spacecapture/shared/contracts/dispatch';

/**
 * The offline gazetteer (decision 123): apps/server/gazetteer/places.tsv.br, built by
 * scripts/build-gazetteer.mjs from GeoNames data, one place a line, most populous first.
 *
 * It is held as its UTF-8 text in a Buffer and a few typed arrays of line numbers sorted for each
 * lookup (decision 157): all outside the JavaScript heap, so that 135,000 places cost the garbage
 * collector nothing (as objects they were 80 MB of heap, marked at every full collection). A
 * place's fields are decoded from its line when it is answered.
 */

type TPlaceFields = Omit<TPlace, 'id'>;

const decompress = promisify(brotliDecompress);

/** Beside the bundled server (dist/gazetteer) or, from source, the app's own folder. */
export function findGazetteerFile(): string | null {
  for (const relative of ['./gazetteer/places.tsv.br', '../../../gazetteer/places.tsv.br']) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(file)) return file;
  }
  return null;
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Lower case without accents or punctuation: "Saint-Étienne" → "saint etienne". */
export function searchKeyOf(text: string): string {
  // Most names are plain ASCII: no accents to take off, so no Unicode normalisation to pay for.
  if (PLAIN_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Lines read between two turns of the event loop while the lookups are built. */
const LINES_PER_TURN = 4096;

const TAB = 9;
const NEWLINE = 10;

/** The text and its lookups; every array holds line numbers (0 = the most populous place). */
type TTable = {
  text: Buffer;
  lineStart: Int32Array;
  lineEnd: Int32Array;
  /** Line numbers by search key (name and postcode), for prefix search. */
  byKey: Int32Array;
  /** Line numbers by the name's key alone, for exact names. */
  byName: Int32Array;
  /** The first 48 bits of each place's id, ascending, and the line number of each. */
  idPrefixes: Float64Array;
  byId: Int32Array;
};

const EMPTY_TABLE: TTable = {
  text: Buffer.alloc(0),
  lineStart: new Int32Array(0),
  lineEnd: new Int32Array(0),
  byKey: new Int32Array(0),
  byName: new Int32Array(0),
  idPrefixes: new Float64Array(0),
  byId: new Int32Array(0),
};

function fieldsOf(table: TTable, line: number): TPlaceFields {
  const [
    name = '',
    region = '',
    country = '',
    postcode = '',
    lat = '0',
    lon = '0',
    timeZone = 'UTC',
    population = '0',
  ] = table.text.toString('utf8', table.lineStart[line], table.lineEnd[line]).split('\t');
  return {
    label: [name, region, country].filter(Boolean).join(', '),
    name,
    region,
    country,
    postcode,
    lat: Number(lat),
    lon: Number(lon),
    timeZone,
    population: Number(population),
  };
}

function nameOf(table: TTable, line: number): string {
  const start = table.lineStart[line] ?? 0;
  return table.text.toString('utf8', start, table.text.indexOf(TAB, start));
}

const searchKeyOfFields = (place: Pick<TPlaceFields, 'name' | 'postcode'>) =>
  searchKeyOf(`${place.name} ${place.postcode}`);
const nameKeyOf = (table: TTable, line: number) => searchKeyOf(nameOf(table, line));
const keyOf = (table: TTable, line: number) => searchKeyOfFields(fieldsOf(table, line));

/**
 * A place's id (decision 140): a hash of what identifies it in the source data, so the same place
 * keeps its id when the file is rebuilt, and an id names one place (labels repeat: 1,689 do).
 */
function placeIdOf(place: TPlaceFields): string {
  return createHash('sha256')
    .update(`${place.name}\t${place.region}\t${place.country}\t${place.lat}\t${place.lon}`)
    .digest('base64url')
    .slice(0, 12);
}

/** What placeIdOf makes: twelve base64url characters. */
const PLACE_ID = /^[A-Za-z0-9_-]{12}$/;

/** An id's first eight characters (48 bits) as a number: what the id lookup is sorted by. */
function idPrefixOf(id: string): number {
  return Buffer.from(id.slice(0, 8), 'base64url').readUIntBE(0, 6);
}

function withId(place: TPlaceFields): TPlace {
  return { id: placeIdOf(place), ...place };
}

/** The first position in `order` whose key is not below `key` (keys compared as code units). */
function lowerBound(order: Int32Array, key: string, keyAt: (line: number) => string): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyAt(order[middle] ?? 0) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Line numbers sorted by a key computed once per line (the keys are dropped afterwards). */
function sortedBy(keys: string[]): Int32Array {
  const order = new Int32Array(keys.length);
  for (let line = 0; line < order.length; line += 1) order[line] = line;
  return order.sort((a, b) => {
    const keyA = keys[a] ?? '';
    const keyB = keys[b] ?? '';
    return keyA < keyB ? -1 : keyA > keyB ? 1 : a - b;
  });
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function buildTable(text: Buffer): Promise<TTable> {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf(NEWLINE, start);
    const end = newline === -1 ? text.length : newline;
    if (end > start) {
      starts.push(start);
      ends.push(end);
    }
    start = end + 1;
  }
  const table: TTable = {
    ...EMPTY_TABLE,
    text,
    lineStart: Int32Array.from(starts),
    lineEnd: Int32Array.from(ends),
  };
  const count = starts.length;
  const keys: string[] = new Array(count);
  const nameKeys: string[] = new Array(count);
  const idPrefixes = new Float64Array(count);
  for (let line = 0; line < count; line += 1) {
    if (line % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    const place = fieldsOf(table, line);
    keys[line] = searchKeyOfFields(place);
    nameKeys[line] = searchKeyOf(place.name);
    idPrefixes[line] = idPrefixOf(placeIdOf(place));
  }
  table.byKey = sortedBy(keys);
  await nextTurn();
  table.byName = sortedBy(nameKeys);
  await nextTurn();
  table.byId = new Int32Array(count);
  for (let line = 0; line < count; line += 1) table.byId[line] = line;
  table.byId.sort((a, b) => (idPrefixes[a] ?? 0) - (idPrefixes[b] ?? 0) || a - b);
  table.idPrefixes = Float64Array.from(table.byId, (line) => idPrefixes[line] ?? 0);
  return table;
}

/** Search keys of regions and countries, which thousands of places share. */
const areaKeys = new Map<string, string>();
function areaKeyOf(text: string): string {
  let key = areaKeys.get(text);
  if (key === undefined) {
    key = searchKeyOf(text);
    areaKeys.set(text, key);
  }
  return key;
}

/** A query's first part is a name prefix; each further part must start the region or country. */
function matchesFilters(place: TPlaceFields, filters: string[]): boolean {
  return filters.every(
    (filter) => areaKeyOf(place.region).startsWith(filter) || areaKeyOf(place.country).startsWith(filter),
  );
}

export type TGazetteer = {
  search(query: string, limit: number): Promise<TPlace[]>;
  /** The place with this id, or null. */
  findById(id: string): Promise<TPlace | null>;
  /**
   * The one place a typed text names exactly ("Leeds, England, GB", "Leeds, GB"): its name in full,
   * with region or country after commas. Null when none or several match.
   */
  findExact(text: string): Promise<TPlace | null>;
  /** Reads the file now (it is otherwise read on the first search), for a server about to serve. */
  warm(): Promise<void>;
};

/** Tables by path: read once per process, however many services (or test apps) search them. */
const loaded = new Map<string, Promise<TTable>>();

function loadTable(file: string | null): Promise<TTable> {
  if (!file) return Promise.resolve(EMPTY_TABLE);
  let table = loaded.get(file);
  if (!table) {
    table = readFile(file).then(decompress).then(buildTable);
    loaded.set(file, table);
  }
  return table;
}

/** Above every character a search key holds: `prefix + KEY_END` sorts after every key it starts. */
const KEY_END = '\uffff';

export function createGazetteer(file: string | null = findGazetteerFile()): TGazetteer {
  const load = () => loadTable(file);
  return {
    /**
     * Places whose name starts with the query's first part ("leeds"); further comma-separated
     * parts narrow by region or country ("leeds, gb", "canterbury, victoria"). Most populous first.
     */
    async search(query, limit) {
      const [head = '', ...rest] = query.split(',').map(searchKeyOf);
      if (!head) return [];
      const filters = rest.filter(Boolean);
      const table = await load();
      const keyAt = (line: number) => keyOf(table, line);
      const from = lowerBound(table.byKey, head, keyAt);
      const to = lowerBound(table.byKey, head + KEY_END, keyAt);
      // The matches in file order, which is by population.
      const lines = table.byKey.slice(from, to).sort();
      const found: TPlace[] = [];
      for (const line of lines) {
        const place = fieldsOf(table, line);
        if (!matchesFilters(place, filters)) continue;
        found.push(withId(place));
        if (found.length >= limit) break;
      }
      return found;
    },
    async findById(id) {
      if (!PLACE_ID.test(id)) return null;
      const table = await load();
      const prefix = idPrefixOf(id);
      let position = 0;
      let high = table.idPrefixes.length;
      while (position < high) {
        const middle = (position + high) >>> 1;
        if ((table.idPrefixes[middle] ?? 0) < prefix) position = middle + 1;
        else high = middle;
      }
      for (; table.idPrefixes[position] === prefix; position += 1) {
        const place = fieldsOf(table, table.byId[position] ?? 0);
        if (placeIdOf(place) === id) return { id, ...place };
      }
      return null;
    },
    async warm() {
      await load();
    },
    async findExact(text) {
      const [head = '', ...rest] = text.split(',').map(searchKeyOf);
      if (!head) return null;
      const filters = rest.filter(Boolean);
      const table = await load();
      const nameKeyAt = (line: number) => nameKeyOf(table, line);
      const from = lowerBound(table.byName, head, nameKeyAt);
      // head + NUL is the first key after head itself: the range is the lines named exactly so.
      const to = lowerBound(table.byName, `${head}\u0000`, nameKeyAt);
      let match: TPlaceFields | null = null;
      for (const line of table.byName.subarray(from, to)) {
        const place = fieldsOf(table, line);
        if (!matchesFilters(place, filters)) continue;
        if (match) return null;
        match = place;
      }
      return match ? withId(match) : null;
    },
  };
}
