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

type TEntry = { key: string; place: TPlace };

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

export type TGazetteer = { search(query: string, limit: number): Promise<TPlace[]> };

export function createGazetteer(file: string | null = findGazetteerFile()): TGazetteer {
  let loading: Promise<TEntry[]> | null = null;
  const load = () => {
    loading ??= file
      ? readFile(file)
          .then(decompress)
          .then((buffer) => parse(buffer.toString('utf8')))
      : Promise.resolve([]);
    return loading;
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
        const { place } = entry;
        if (
          filters.every(
            (filter) => searchKeyOf(place.region).startsWith(filter) || searchKeyOf(place.country).startsWith(filter),
          )
        ) {
          found.push(place);
          if (found.length >= limit) break;
        }
      }
      return found;
    },
  };
}
