import { PUBLIC_PAGES } from '@spacecapture/shared/paths';
import { describe, expect, it } from 'vitest';
import { findPageMeta, normalizePathname } from './page-meta.ts';

describe('page meta', () => {
  it('gives every public page its title and description', () => {
    for (const page of PUBLIC_PAGES) {
      expect(findPageMeta(page.path)).toEqual({ title: `${page.title} | SpaceCapture`, description: page.description });
    }
  });

  it('ignores a trailing slash and knows no other path', () => {
    expect(normalizePathname('/about/')).toBe('/about');
    expect(normalizePathname('/')).toBe('/');
    expect(findPageMeta('/about/')?.title).toBe('About Us | SpaceCapture');
    expect(findPageMeta('/auth')).toBeNull();
  });
});
