import { describe, expect, it } from 'vitest';
import { applyDeferredStylesheets } from './deferred-stylesheets.ts';

describe('deferred stylesheets', () => {
  it('switches the stylesheets the prerender deferred to their real media, and leaves others alone', () => {
    const head = document.createElement('head');
    head.innerHTML = [
      '<link rel="stylesheet" href="/assets/index.css" media="print" data-beasties-media="all">',
      '<link rel="stylesheet" href="/assets/wide.css" media="print" data-beasties-media="(min-width: 48em)">',
      '<link rel="stylesheet" href="/assets/print.css" media="print">',
    ].join('');
    applyDeferredStylesheets(head);
    const links = [...head.querySelectorAll('link')].map((link) => [
      link.getAttribute('href'),
      link.media,
      link.hasAttribute('data-beasties-media'),
    ]);
    expect(links).toEqual([
      ['/assets/index.css', 'all', false],
      ['/assets/wide.css', '(min-width: 48em)', false],
      ['/assets/print.css', 'print', false],
    ]);
  });
});
