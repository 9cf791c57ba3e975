import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import type { TPlace } from '@spacecapture/shared/contracts/dispatch';

/**
 * The offline gazetteer (decision 123): apps/server/gazetteer/places.tsv.br, built by
 * scripts/build-gazetteer.mjs from GeoNames data. Read into memory on the first search, most
 * populous place first, so a prefix search stops at its limit with the largest matches.
 */

type TEntry = { key: string; nameKey: string; place: Omit<TPlace, 'id'> };

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

/** Lines parsed between two turns of the event loop: the whole file takes most of a second. */
const LINES_PER_TURN = 4096;

/** Parses in slices, giving the event loop a turn between them, so requests keep being served. */
async function parse(tsv: string): Promise<TEntry[]> {
  const entries: TEntry[] = [];
  const lines = tsv.split('\n');
  for (const [index, line] of lines.entries()) {
    if (index % LINES_PER_TURN === LINES_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    if (!line) continue;
    const [
      name = '',
      region = '',
      country = '',
      postcode = '',
      lat = '0',
      lon = '0',
      timeZone = 'UTC',
      population = '0',
    ] = line.split('\t');
    const label = [name, region, country].filter(Boolean).join(', ');
    entries.push({
      key: searchKeyOf(`${name} ${postcode}`),
      nameKey: searchKeyOf(name),
      place: {
        label,
        name,
        region,
        country,
        postcode,
        lat: Number(lat),
        lon: Number(lon),
        timeZone,
        population: Number(population),
      },
    });
  }
  return entries;
}

/**
 * A place's id (decision 140): a hash of what identifies it in the source data, so the same place
 * keeps its id when the file is rebuilt, and an id names one place (labels repeat: 1,689 do).
 */
function placeIdOf(place: Omit<TPlace, 'id'>): string {
  return createHash('sha256')
    .update(`${place.name}\t${place.region}\t${place.country}\t${place.lat}\t${place.lon}`)
    .digest('base64url')
    .slice(0, 12);
}

function withId(place: Omit<TPlace, 'id'>): TPlace {
  return { id: placeIdOf(place), ...place };
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
function matchesFilters(place: Omit<TPlace, 'id'>, filters: string[]): boolean {
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

/** Parsed files by path: read once per process, however many services (or test apps) search them. */
const loaded = new Map<string, Promise<TEntry[]>>();

function loadFile(file: string | null): Promise<TEntry[]> {
  if (!file) return Promise.resolve([]);
  let entries = loaded.get(file);
  if (!entries) {
    entries = readFile(file)
      .then(decompress)
      .then((buffer) => parse(buffer.toString('utf8')));
    loaded.set(file, entries);
  }
  return entries;
}

/** How many leading characters of a search key bucket the entries for a prefix search. */
const BUCKET_PREFIX = 3;

/**
 * Lookups made once per process like the entries, so a request never scans every place: by id, by
 * exact name (a typed place on a form), and by the first characters of the search key (the
 * autocomplete). Lists keep the file's order, most populous first.
 */
type TIndex = {
  byId: Map<string, TEntry['place']>;
  byName: Map<string, TEntry[]>;
  byPrefix: Map<string, TEntry[]>;
};

const indexesLoaded = new Map<string, Promise<TIndex>>();

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function loadIndexOf(file: string | null): Promise<TIndex> {
  if (!file) return Promise.resolve({ byId: new Map(), byName: new Map(), byPrefix: new Map() });
  let index = indexesLoaded.get(file);
  if (!index) {
    index = loadFile(file).then(async (entries) => {
      const built: TIndex = { byId: new Map(), byName: new Map(), byPrefix: new Map() };
      for (const [position, entry] of entries.entries()) {
        if (position % LINES_PER_TURN === LINES_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
        built.byId.set(placeIdOf(entry.place), entry.place);
        push(built.byName, entry.nameKey, entry);
        if (entry.key.length >= BUCKET_PREFIX) push(built.byPrefix, entry.key.slice(0, BUCKET_PREFIX), entry);
      }
      return built;
    });
    indexesLoaded.set(file, index);
  }
  return index;
}

export function createGazetteer(file: string | null = findGazetteerFile()): TGazetteer {
  const load = () => loadFile(file);
  const loadIndex = () => loadIndexOf(file);
  return {
    /**
     * Places whose name starts with the query's first part ("leeds"); further comma-separated
     * parts narrow by region or country ("leeds, gb", "canterbury, victoria").
     */
    async search(query, limit) {
      const [head = '', ...rest] = query.split(',').map(searchKeyOf);
      if (!head) return [];
      const filters = rest.filter(Boolean);
      const found: TPlace[] = [];
      // A key of three or more characters reads only its bucket; a shorter one matches so many
      // places that a scan in population order stops at the limit almost at once.
      const candidates =
        head.length >= BUCKET_PREFIX
          ? ((await loadIndex()).byPrefix.get(head.slice(0, BUCKET_PREFIX)) ?? [])
          : await load();
      for (const entry of candidates) {
        if (!entry.key.startsWith(head)) continue;
        if (matchesFilters(entry.place, filters)) {
          found.push(withId(entry.place));
          if (found.length >= limit) break;
        }
      }
      return found;
    },
    async findById(id) {
      const place = (await loadIndex()).byId.get(id);
      return place ? withId(place) : null;
    },
    async warm() {
      await loadIndex();
    },
    async findExact(text) {
      const [head = '', ...rest] = text.split(',').map(searchKeyOf);
      if (!head) return null;
      const filters = rest.filter(Boolean);
      let match: TEntry['place'] | null = null;
      for (const entry of (await loadIndex()).byName.get(head) ?? []) {
        if (!matchesFilters(entry.place, filters)) continue;
        if (match) return null;
        match = entry.place;
      }
      return match ? withId(match) : null;
    },
  };
}
