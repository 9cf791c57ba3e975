import { beforeAll, describe, expect, it } from 'vitest';
import { createGazetteer, searchKeyOf } from './gazetteer.ts';

/** The committed gazetteer file, searched as GET /api/places searches it (decision 123). */
const gazetteer = createGazetteer();

// The first search reads and parses the whole file (2 MB compressed): once, before the tests.
beforeAll(async () => {
  await gazetteer.search('a', 1);
}, 120_000);

describe('gazetteer', () => {
  it('finds places by the start of their name, most populous first, with coordinates and time zone', async () => {
    const [leeds, ...others] = await gazetteer.search('leeds', 5);
    expect(leeds).toMatchObject({ label: 'Leeds, England, GB', country: 'GB', timeZone: 'Europe/London' });
    expect(leeds?.lat).toBeCloseTo(53.8, 1);
    expect(leeds?.lon).toBeCloseTo(-1.55, 1);
    expect(others.every((place) => place.population <= (leeds?.population ?? 0))).toBe(true);
  });

  it('answers every length of prefix in population order, whether it reads a bucket or the whole list', async () => {
    for (const prefix of ['s', 'sa', 'san', 'san j', 'san jose']) {
      const found = await gazetteer.search(prefix, 25);
      expect(found, prefix).toHaveLength(25);
      expect(found.every((place) => searchKeyOf(place.name).startsWith(prefix))).toBe(true);
      const populations = found.map((place) => place.population);
      expect(populations).toEqual([...populations].sort((a, b) => b - a));
    }
    // A longer prefix finds the first places of the shorter one that it still matches.
    const sanJose = await gazetteer.search('san jose', 3);
    const san = (await gazetteer.search('san', 10_000)).filter((place) =>
      searchKeyOf(place.name).startsWith('san jose'),
    );
    expect(sanJose).toEqual(san.slice(0, 3));
  });

  it('ignores accents and case, and narrows by region or country after a comma', async () => {
    expect((await gazetteer.search('SAINT ETIENNE', 1))[0]?.name).toBe('Saint-Étienne');
    const [canterbury] = await gazetteer.search('Canterbury, Victoria', 1);
    expect(canterbury).toMatchObject({ region: 'Victoria', country: 'AU', timeZone: 'Australia/Melbourne' });
    expect(await gazetteer.search('Zzyzxqq', 5)).toEqual([]);
  });

  it('makes search keys without accents or punctuation', () => {
    expect(searchKeyOf('Düsseldorf-Nord')).toBe('dusseldorf nord');
  });
});

describe('gazetteer lookups for the request forms (decision 140)', () => {
  it('finds a place again by the id a search gave it', async () => {
    const [leeds] = await gazetteer.search('leeds', 1);
    expect(leeds?.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await gazetteer.findById(leeds!.id)).toEqual(leeds);
    expect(await gazetteer.findById('AAAAAAAAAAAA')).toBeNull();
    expect(await gazetteer.findById('short')).toBeNull();
  });

  it('gives every place of a common name its own id', async () => {
    const found = await gazetteer.search('springfield', 20);
    expect(found.length).toBeGreaterThan(5);
    expect(new Set(found.map((place) => place.id)).size).toBe(found.length);
  });

  it('places typed text only when it names exactly one place', async () => {
    expect((await gazetteer.findExact('Leeds, England, GB'))?.label).toBe('Leeds, England, GB');
    expect((await gazetteer.findExact('saint-etienne, FR'))?.name).toBe('Saint-Étienne');
    // Several Londons (England, Ontario, …): the text alone does not say which.
    expect(await gazetteer.findExact('London')).toBeNull();
    // A prefix is not a name.
    expect(await gazetteer.findExact('Leed, GB')).toBeNull();
    expect(await gazetteer.findExact('12 Acacia Avenue, somewhere')).toBeNull();
  });
});
