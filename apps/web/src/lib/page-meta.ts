import { PRODUCT_NAME, PUBLIC_PAGES } from '@spacecapture/shared/paths';

export type TPageMeta = { title: string; description: string };

export const NOT_FOUND_META: TPageMeta = {
  title: `Page Not Found | ${PRODUCT_NAME}`,
  description: 'The page you are looking for does not exist.',
};

export function normalizePathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The document title and description of a public page, or null when the path is not one. */
export function findPageMeta(pathname: string): TPageMeta | null {
  const path = normalizePathname(pathname);
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path);
  return page ? { title: `${page.title} | ${PRODUCT_NAME}`, description: page.description } : null;
}

/** Keeps the document's title and description in step with client-side navigation. */
export function applyPageMeta(meta: TPageMeta) {
  document.title = meta.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
}
