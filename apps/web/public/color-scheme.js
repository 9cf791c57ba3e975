// The colour scheme before the first paint, so a dark page never flashes light (decision 102).
// An external file: the CSP forbids inline scripts. Same key and rule as src/lib/color-scheme.ts.
(() => {
  let choice = null;
  try {
    choice = window.localStorage.getItem('spacecapture-color-scheme');
  } catch {
    // Storage refused (a private window's policy): follow the system, as the app then does.
  }
  const dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
