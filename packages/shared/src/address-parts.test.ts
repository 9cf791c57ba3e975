import { describe, expect, it } from 'vitest';
import { townPartsOf } from './address-parts.ts';

describe('townPartsOf', () => {
  it('skips street and unit parts and drops postcodes, keeping the address order', () => {
    expect(townPartsOf('Flat 2, 12 Market Street, Harbour Yard, Canterbury CT1 2AB; UK')).toEqual([
      { text: 'Harbour Yard', words: 'Harbour Yard' },
      { text: 'Canterbury CT1 2AB', words: 'Canterbury' },
      { text: 'UK', words: 'UK' },
    ]);
  });

  it('finds nothing in an address that is only a street and a postcode', () => {
    expect(townPartsOf('4 Harbour Road, EH6 6QT')).toEqual([]);
  });
});
