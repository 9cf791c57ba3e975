import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import { PUBLIC_PAGES } from '@spacecapture/shared/public-pages';
import { normalizePathname, type TPageMeta } from './page-meta.ts';

/**
 * The document title and description of a public page, or null when the path is not one. Loaded on
 * the first client-side navigation: a prerendered page already carries its own.
 */
export function findPageMeta(pathname: string): TPageMeta | null {
  const path = normalizePathname(pathname);
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path);
  return page ? { title: `${page.title} | ${PRODUCT_NAME}`, description: page.description } : null;
}
