import { test as base, expect } from '@playwright/test';
import type { TCapturedMail } from '../../apps/server/test/smtp-capture.ts';

/** What the stack stored and mailed, read through the global setup's inspector. */
export type TInspector = {
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  emails(): Promise<TCapturedMail[]>;
  /** Waits until a mail matching `match` arrives. */
  waitForEmail(match: (mail: TCapturedMail) => boolean, timeoutMs?: number): Promise<TCapturedMail>;
  /** Runs a pass of the auto-offer cascade worker now (decision 144). */
  kickCascades(): Promise<void>;
  /** Puts an open offer's acceptance deadline in the past and runs the expiry and cascade workers. */
  expireOffer(assignmentId: string): Promise<void>;
};

function inspectorUrl(route: string) {
  const base = process.env.E2E_INSPECTOR_URL;
  if (!base) throw new Error('E2E_INSPECTOR_URL is not set: run through playwright.config.ts');
  return `${base}${route}`;
}

export const test = base.extend<{ inspector: TInspector; consoleErrors: string[] }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  inspector: async ({}, use) => {
    const inspector: TInspector = {
      async query(sql) {
        const response = await fetch(inspectorUrl('/query'), { method: 'POST', body: JSON.stringify({ sql }) });
        if (!response.ok) throw new Error(await response.text());
        return response.json();
      },
      async kickCascades() {
        const response = await fetch(inspectorUrl('/kick-cascades'), { method: 'POST' });
        if (!response.ok) throw new Error(await response.text());
      },
      async expireOffer(assignmentId) {
        const response = await fetch(inspectorUrl('/expire-offer'), {
          method: 'POST',
          body: JSON.stringify({ assignmentId }),
        });
        if (!response.ok) throw new Error(await response.text());
      },
      async emails() {
        return (await fetch(inspectorUrl('/emails'))).json();
      },
      async waitForEmail(match, timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = (await inspector.emails()).find(match);
          if (found) return found;
          if (Date.now() > deadline) throw new Error('expected e-mail did not arrive');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      },
    };
    await use(inspector);
  },
  /** Console errors of the page; a test asserts on them (an unexpected one is a defect). */
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
