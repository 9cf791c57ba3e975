/**
 * Puts focus on the portal page's title. For an action that removes or turns off the control it
 * was started from (an answered quote leaving its list): focus would otherwise fall to the page's
 * body, and a keyboard or screen-reader user would start again from the top.
 */
export function focusPageTitle() {
  document.querySelector<HTMLElement>('[data-page-title]')?.focus();
}
