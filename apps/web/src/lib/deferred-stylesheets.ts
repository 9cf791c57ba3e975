/**
 * The prerendered pages inline the CSS their markup uses and link the rest with `media="print"` and
 * the real media in `data-beasties-media`, so it never blocks the first paint (decision 112). The CSP
 * forbids the inline script that would switch them on: this runs from the entry module instead.
 */
const DEFERRED_MEDIA_ATTRIBUTE = 'data-beasties-media';

export function applyDeferredStylesheets(root: ParentNode) {
  for (const link of root.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_MEDIA_ATTRIBUTE}]`)) {
    link.media = link.getAttribute(DEFERRED_MEDIA_ATTRIBUTE) || 'all';
    link.removeAttribute(DEFERRED_MEDIA_ATTRIBUTE);
  }
}
