import { PRODUCT_NAME, PUBLIC_PAGE_PATHS } from '@spacecapture/shared/paths';

export type TPageMeta = { title: string; description: string };

export const NOT_FOUND_META: TPageMeta = {
  title: `Page Not Found | ${PRODUCT_NAME}`,
  description: 'The page you are looking for does not exist.',
};

export function normalizePathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** Whether the path is one of the prerendered public pages (their texts are in public-page-meta.ts). */
export function isPublicPagePath(pathname: string): boolean {
  const path = normalizePathname(pathname);
  return PUBLIC_PAGE_PATHS.some((candidate) => candidate === path);
}

/** Keeps the document's title and description in step with client-side navigation. */
export function applyPageMeta(meta: TPageMeta) {
  document.title = meta.title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
}
