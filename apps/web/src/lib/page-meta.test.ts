import { PUBLIC_PAGES } from '@spacecapture/shared/public-pages';
import { describe, expect, it } from 'vitest';
import { isPublicPagePath, normalizePathname } from './page-meta.ts';
import { findPageMeta } from './public-page-meta.ts';

describe('page meta', () => {
  it('gives every public page its title and description', () => {
    expect(PUBLIC_PAGES).toHaveLength(10);
    for (const page of PUBLIC_PAGES) {
      expect(isPublicPagePath(page.path)).toBe(true);
      expect(findPageMeta(page.path)).toEqual({ title: `${page.title} | SpaceCapture`, description: page.description });
    }
  });

  it('ignores a trailing slash and knows no other path', () => {
    expect(normalizePathname('/about/')).toBe('/about');
    expect(normalizePathname('/')).toBe('/');
    expect(findPageMeta('/about/')?.title).toBe('About Us | SpaceCapture');
    expect(isPublicPagePath('/about/')).toBe(true);
    expect(findPageMeta('/auth')).toBeNull();
    expect(isPublicPagePath('/auth')).toBe(false);
    expect(isPublicPagePath('/customer-dashboard')).toBe(false);
  });
});
