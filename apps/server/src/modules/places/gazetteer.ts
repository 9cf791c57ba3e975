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

/** Lower case without accents or punctuation: "Saint-Étienne" → "saint etienne". */
export function searchKeyOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function parse(tsv: string): TEntry[] {
  const entries: TEntry[] = [];
  for (const line of tsv.split('\n')) {
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

/** A query's first part is a name prefix; each further part must start the region or country. */
function matchesFilters(place: Omit<TPlace, 'id'>, filters: string[]): boolean {
  return filters.every(
    (filter) => searchKeyOf(place.region).startsWith(filter) || searchKeyOf(place.country).startsWith(filter),
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

export function createGazetteer(file: string | null = findGazetteerFile()): TGazetteer {
  const load = () => loadFile(file);
  let byId: Promise<Map<string, TEntry['place']>> | null = null;
  const loadIds = () => {
    byId ??= load().then((entries) => new Map(entries.map((entry) => [placeIdOf(entry.place), entry.place])));
    return byId;
  };
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
      for (const entry of await load()) {
        if (!entry.key.startsWith(head)) continue;
        if (matchesFilters(entry.place, filters)) {
          found.push(withId(entry.place));
          if (found.length >= limit) break;
        }
      }
      return found;
    },
    async findById(id) {
      const place = (await loadIds()).get(id);
      return place ? withId(place) : null;
    },
    async findExact(text) {
      const [head = '', ...rest] = text.split(',').map(searchKeyOf);
      if (!head) return null;
      const filters = rest.filter(Boolean);
      let match: TEntry['place'] | null = null;
      for (const entry of await load()) {
        if (entry.nameKey !== head || !matchesFilters(entry.place, filters)) continue;
        if (match) return null;
        match = entry.place;
      }
      return match ? withId(match) : null;
    },
  };
}
