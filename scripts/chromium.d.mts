export declare const DEFAULT_CHROMIUM_PATH: string;
export declare const HEADLESS_CHROMIUM_ARGS: readonly string[];
export declare const PLAYWRIGHT_DISABLED_FEATURES: readonly string[];
export declare const PLAYWRIGHT_CHROMIUM_ARGS: readonly string[];
export declare function findChromium(
  env?: Record<string, string | undefined>,
  defaultPath?: string,
): { ok: true; path: string } | { ok: false; message: string };
