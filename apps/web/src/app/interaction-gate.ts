/**
 * The visitor's first interaction with a prerendered page (decision 112). A form page's code waits for
 * it: until then the prerendered form is plain HTML that works on its own (it posts to the server), and
 * the first paint does not compete with ~200 kB of script. Open from the start everywhere else (a
 * page rendered in the browser, a client-side navigation, the prerender), so nothing ever waits on it.
 */

/** Events that mean the visitor is about to use the page: a pointer on it, a key, a tap, a focus. */
const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let gate: Promise<void> = Promise.resolve();

/** Holds interaction-loaded code back until the first interaction event reaches `target`. */
export function holdUntilFirstInteraction(target: EventTarget) {
  gate = new Promise((resolve) => {
    const open = () => {
      for (const type of INTERACTION_EVENTS) target.removeEventListener(type, open, true);
      resolve();
    };
    for (const type of INTERACTION_EVENTS) target.addEventListener(type, open, { capture: true, passive: true });
  });
}

/** Resolves at the first interaction (at once when the gate was never held). */
export function firstInteraction(): Promise<void> {
  return gate;
}
