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
