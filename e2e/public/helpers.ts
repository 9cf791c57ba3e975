import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/test.ts';

/** The company mailbox that receives every public-form notification (spec §7, the site's contact address). */
export const COMPANY_EMAIL = 'hello@spacecapture.example';

/** The public routes of spec §2, with the words each page must carry before any JavaScript runs. */
export const PUBLIC_ROUTES = [
  {
    path: '/',
    title: 'Capture Any Space. Without Owning Hardware. | SpaceCapture',
    h1: 'Capture Any Space. Without Owning Hardware.',
    description: /3D capture/i,
    text: ['Request Capture', 'Become a Provider', 'Get Matched', 'Receive Results', 'Public Spaces', 'Global Network'],
  },
  {
    path: '/about',
    title: 'About Us | SpaceCapture',
    h1: 'About SpaceCapture',
    description: /mission/i,
    text: ['Request & Requirements', 'Match & Capture', 'Delivery & Access', 'Get Started'],
  },
  {
    path: '/services',
    title: 'Services | SpaceCapture',
    h1: 'Our Services',
    description: /deliverables/i,
    text: ['Use Cases & Applications', 'Products & Deliverables', 'Real Estate', 'Clear Filters', 'Request Service'],
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions | SpaceCapture',
    h1: 'Frequently Asked Questions',
    description: /providers/i,
    text: ['General', 'For Customers', 'For Providers', 'Technical', 'Contact Us'],
  },
  {
    path: '/contact',
    title: 'Contact Us | SpaceCapture',
    h1: 'Contact Us',
    description: /get in touch/i,
    text: [
      "Have questions about our services? Get in touch with our team and we'll be happy to help.",
      'Get In Touch',
      'Send Us a Message',
      'Send Message',
    ],
  },
  {
    path: '/request',
    title: 'Request a Capture | SpaceCapture',
    h1: 'Request a Capture',
    description: /request/i,
    text: ['Full Name', 'Space Type', 'Timeline', 'Submit Request'],
  },
  {
    path: '/provider',
    title: 'Become a Provider | SpaceCapture',
    h1: 'Become a Provider',
    description: /provider/i,
    text: ['Expand Your Business', 'Maximize ROI', 'Quality Projects', 'Flexible Schedule', 'Submit Application'],
  },
  {
    path: '/quote-estimator',
    title: 'Quote Estimator | SpaceCapture',
    h1: 'Quote Estimator',
    description: /estimate/i,
    text: ['Space Type', 'Size (square meters)', 'Location Type', 'Urgency', 'Calculate'],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy | SpaceCapture',
    h1: 'Privacy Policy',
    description: /personal data/i,
    text: ['Last updated'],
  },
  {
    path: '/terms',
    title: 'Terms of Service | SpaceCapture',
    h1: 'Terms of Service',
    description: /terms/i,
    text: ['Last updated'],
  },
] as const;

/** An address no other test uses (tests share one database and run in parallel). */
export function uniqueEmail(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 12)}@example.com`;
}

/** A string literal for the inspector's SQL (values here are ours, but quote them properly anyway). */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The visible text of an HTML document, tags removed and the usual entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_match, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_match, decimal: string) => String.fromCodePoint(Number.parseInt(decimal, 10)))
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

/** Decodes the entities of one attribute value. */
function decodeAttribute(value: string): string {
  return htmlToText(value).trim();
}

/** The <title> and meta description of a served HTML document. */
export function readHead(html: string): { title: string | undefined; description: string | undefined } {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1];
  const description = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(html)?.[1];
  return {
    title: title === undefined ? undefined : decodeAttribute(title),
    description: description === undefined ? undefined : decodeAttribute(description),
  };
}

/** The little of the browser's globals the page functions below use (the root tsconfig has no DOM types). */
export type TWindow = { document: { querySelector(selector: string): object | null }; scrollY: number };

/**
 * Waits until React has hydrated the page's own content (the lazily loaded route chunk), not only
 * the shell: React marks every DOM node it owns with a `__reactFiber$…` property.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as TWindow;
    const heading = document.querySelector('main h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * Opens a public page, moves the pointer onto it as a visitor would (a form page loads its code at
 * the first interaction, decision 112) and waits until it is interactive.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('main').hover({ position: { x: 1, y: 1 } });
  await waitForHydration(page);
  return response;
}

/**
 * Adds network latency to every request of the page (Chromium's own throttling, not a mock), so
 * an in-flight state such as "Submitting..." stays on screen long enough to be seen.
 */
export async function addNetworkLatency(page: Page, latencyMs: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/**
 * A form field by its accessible name, the way assistive technology announces it (the visual
 * " *" of a required label is hidden from it, so this matches the name exactly).
 */
export function field(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));
}

/** Notification toasts on screen (Mantine renders each as role="alert"). */
export function toasts(page: Page): Locator {
  return page.getByRole('alert');
}

type TToastSampler = {
  document: { querySelectorAll(selector: string): ArrayLike<{ style: { getPropertyValue(name: string): string } }> };
  requestAnimationFrame(callback: () => void): number;
  __maxShownToasts?: number;
};

/**
 * Samples, on every animation frame from now on, how many toasts are shown at once, and returns a
 * reader of the maximum. A toast on its way out (Mantine's exit transition sets its state opacity
 * to 0 while the next one fades in) does not count as shown.
 */
export async function sampleShownToasts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as TToastSampler;
    scope.__maxShownToasts = 0;
    const sample = () => {
      const alerts = Array.from(scope.document.querySelectorAll('[role="alert"]'));
      const shown = alerts.filter(
        (alert) => alert.style.getPropertyValue('--notifications-state-opacity').trim() !== '0',
      ).length;
      scope.__maxShownToasts = Math.max(scope.__maxShownToasts ?? 0, shown);
      scope.requestAnimationFrame(sample);
    };
    sample();
  });
  return () => page.evaluate(() => (globalThis as unknown as TToastSampler).__maxShownToasts ?? 0);
}

/** A toast with this title and message is on screen. */
export async function expectToast(page: Page, title: string, message: string) {
  const toast = toasts(page).filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(message);
}

/**
 * A minimal but well-formed PDF (header, one empty page, xref table and trailer), so the server's
 * content check sees a real PDF signature.
 */
export function minimalPdf(): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(Buffer.byteLength(body));
    body += object;
  }
  const xrefOffset = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export type TCaptureRequestValues = {
  name: string;
  email: string;
  phone: string;
  company?: string;
  spaceType: string;
  location: string;
  spaceSize: string;
  captureType: string;
  timeline: string;
  additionalInfo?: string;
};

/** Fills the capture request form the way a visitor does: by label, choosing options by their text. */
export async function fillCaptureRequest(page: Page, values: TCaptureRequestValues) {
  await field(page, 'Full Name').fill(values.name);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Phone').fill(values.phone);
  if (values.company !== undefined) await field(page, 'Company Name (Optional)').fill(values.company);
  await field(page, 'Space Type').selectOption({ label: values.spaceType });
  await page.getByRole('combobox', { name: 'Location', exact: true }).fill(values.location);
  await field(page, 'Space Size').selectOption({ label: values.spaceSize });
  await field(page, 'What do you need?').selectOption({ label: values.captureType });
  await field(page, 'Timeline').selectOption({ label: values.timeline });
  if (values.additionalInfo !== undefined) {
    await field(page, 'Additional Information (Optional)').fill(values.additionalInfo);
  }
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
}

/**
 * The slow phone of issue 27 (STACK-NOTES): Chromium's own CPU throttling (×4) and network
 * emulation (400 ms latency, 50 kB/s each way), from now on.
 */
export async function emulateSlowPhone(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
}

/**
 * Holds back every script the page asks for from now on (a form page's code, loaded at the first
 * interaction), so a test can type into the prerendered form before its script runs. `release`
 * lets the held scripts and every later one through.
 */
export async function holdScripts(page: Page) {
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => {
      if (holding) held.push(() => route.continue());
      else return route.continue();
    },
  );
  return {
    /** How many script requests are waiting. */
    heldCount: () => held.length,
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((go) => go()));
    },
  };
}

/** Waits until React owns the page's form (its chunk loaded and hydrated). */
export async function waitForFormHydration(page: Page) {
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as TWindow;
    const form = document.querySelector('main form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
  });
}
