// The browser the Playwright tests drive: Debian's Chromium, never a downloaded one (see
// playwright.config.ts, which reads the same variable). `npm test` checks for it before anything
// else, so a machine without it is told in one line, not minutes later by Playwright.
import { accessSync, constants, statSync } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** How every headless Chromium here is launched: browser tests and benches. */
export const HEADLESS_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The features Playwright turns off in every Chromium it launches. Chromium reads only the last
 * --disable-features switch, so a list of ours must repeat Playwright's. Without them the pages
 * behave otherwise; a browser test found text cut off at 390 px. `chromium.test.ts` fails when
 * Playwright's own list holds a feature this one lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156's new headless mode builds the address bar's popup pages: two WebUI renderers for
 * every window, about 0.5 s of CPU per browser context, which no test or reader sees.
 */
const ADDRESS_BAR_PAGES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/** The flags for a Chromium that Playwright launches (browser tests, the point-cloud benches). */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_PAGES].join(',')}`,
];

function isExecutableFile(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where Chromium is (`CHROMIUM_PATH`, else /usr/bin/chromium), or the one line that says how to get it.
 * @param {Record<string, string | undefined>} env
 * @param {string} defaultPath
 * @returns {{ ok: true, path: string } | { ok: false, message: string }}
 */
export function findChromium(env = process.env, defaultPath = DEFAULT_CHROMIUM_PATH) {
  const configured = env.CHROMIUM_PATH;
  const file = configured ?? defaultPath;
  if (isExecutableFile(file)) return { ok: true, path: file };
  if (configured !== undefined) {
    return {
      ok: false,
      message: `CHROMIUM_PATH=${configured} is not an executable file: point it at Chromium, or unset it and install Chromium with \`apt-get install -y chromium\`.`,
    };
  }
  return {
    ok: false,
    message: `Chromium is not installed at ${defaultPath}: install it with \`apt-get install -y chromium\`, or set CHROMIUM_PATH to its executable.`,
  };
}
