import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, PLAYWRIGHT_CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './chromium.mjs';

describe('the Chromium check that npm test runs first', () => {
  let dir: string;
  let browser: string;
  let notExecutable: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'chromium-check-'));
    browser = path.join(dir, 'chromium');
    notExecutable = path.join(dir, 'chromium.txt');
    await writeFile(browser, '#!/bin/sh\n');
    await chmod(browser, 0o755);
    await writeFile(notExecutable, 'not a browser');
    await chmod(notExecutable, 0o644);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the browser that CHROMIUM_PATH names', () => {
    expect(findChromium({ CHROMIUM_PATH: browser })).toEqual({ ok: true, path: browser });
  });

  it('says in one line how to fix a CHROMIUM_PATH that names no browser', () => {
    for (const wrong of [notExecutable, path.join(dir, 'missing'), dir]) {
      const result = findChromium({ CHROMIUM_PATH: wrong });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.message).toContain(`CHROMIUM_PATH=${wrong}`);
      expect(result.message).toContain('apt-get install -y chromium');
      expect(result.message).not.toContain('\n');
    }
  });

  it('without CHROMIUM_PATH looks at /usr/bin/chromium, and says how to install it or set CHROMIUM_PATH', () => {
    expect(findChromium({}, browser)).toEqual({ ok: true, path: browser });
    expect(findChromium({}, path.join(dir, 'usr-bin-chromium'))).toEqual({
      ok: false,
      message: `Chromium is not installed at ${path.join(dir, 'usr-bin-chromium')}: install it with \`apt-get install -y chromium\`, or set CHROMIUM_PATH to its executable.`,
    });
    const onThisMachine = findChromium({});
    expect(onThisMachine.ok ? onThisMachine.path : onThisMachine.message).toContain('/usr/bin/chromium');
  });
});

describe('the flags the browser tests launch Chromium with', () => {
  /** The features a launched Chromium has turned off: the last --disable-features wins. */
  async function featuresOffWhenLaunchedWith(args: readonly string[]) {
    const server = await chromium.launchServer({ executablePath: findChromiumPath(), args: [...args] });
    try {
      const switches = server.process().spawnargs.filter((arg) => arg.startsWith('--disable-features='));
      return (switches.at(-1) ?? '').replace('--disable-features=', '').split(',');
    } finally {
      await server.close();
    }
  }

  function findChromiumPath() {
    const found = findChromium();
    if (!found.ok) throw new Error(found.message);
    return found.path;
  }

  it("keep every feature Playwright itself turns off, besides the address bar's pages", async () => {
    const playwrights = await featuresOffWhenLaunchedWith(['--no-sandbox']);
    expect(playwrights.length).toBeGreaterThan(0);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
    const ours = await featuresOffWhenLaunchedWith(PLAYWRIGHT_CHROMIUM_ARGS);
    expect(ours).toEqual(expect.arrayContaining([...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  }, 60_000);
});
