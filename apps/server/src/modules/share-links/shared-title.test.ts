import { describe, expect, it } from 'vitest';
import { sharedTitleOf } from './share-links-service.ts';

describe('the title a share link shows', () => {
  it('leaves off the location, which is the customer address', () => {
    const location = '12 Market Street, Leeds';
    expect(sharedTitleOf({ title: `Virtual Tour — Commercial, ${location}`, location })).toBe(
      'Virtual Tour — Commercial',
    );
  });

  it('keeps a title that does not end with the location', () => {
    expect(sharedTitleOf({ title: 'Floor plans for the east wing', location: 'Leeds' })).toBe(
      'Floor plans for the east wing',
    );
  });
});
