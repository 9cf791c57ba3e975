import { describe, expect, it } from 'vitest';
import { PROPERTY_KEY_PATTERN, propertyKeyOf, siteAddressOf } from './property-key.ts';

describe('property keys (decision 237)', () => {
  it('merges what differs only in case, punctuation and spacing', () => {
    expect(siteAddressOf('  4 Harbour Road,  LEEDS  LS1 4AB ')).toBe('4 harbour road leeds ls1 4ab');
    expect(propertyKeyOf('4 Harbour Road, Leeds LS1 4AB')).toBe(propertyKeyOf('4 harbour road -- leeds, ls1-4ab.'));
  });

  it('lower-cases and compares letters of every script, composed or not', () => {
    expect(siteAddressOf('ÉCOLE, Rue Saint-Étienne')).toBe('école rue saint étienne');
    expect(propertyKeyOf('Rue Saint-E\u0301tienne')).toBe(propertyKeyOf('rue saint étienne'));
    expect(siteAddressOf('Straße 5, Köln')).toBe('straße 5 köln');
    expect(siteAddressOf('東京都 渋谷区１−２')).toBe('東京都 渋谷区1 2');
    // Letters outside a–z are letters, not separators: "École" is not "Cole".
    expect(propertyKeyOf('École Road')).not.toBe(propertyKeyOf('Cole Road'));
  });

  it('keeps words that differ as different sites', () => {
    expect(propertyKeyOf('4 Harbour Road')).not.toBe(propertyKeyOf('4 Harbour Rd'));
    expect(propertyKeyOf('4 Harbour Road')).not.toBe(propertyKeyOf('14 Harbour Road'));
    expect(propertyKeyOf('41 Harbour Road')).not.toBe(propertyKeyOf('4 1 Harbour Road'));
  });

  it('is 22 base64url characters however long the address', () => {
    expect(propertyKeyOf('x')).toMatch(PROPERTY_KEY_PATTERN);
    expect(propertyKeyOf('Flat 2, '.repeat(60))).toMatch(PROPERTY_KEY_PATTERN);
  });
});
