import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '../auth/support.ts';
import { markDelivered, signInPage, startedOrder, test, uploadDeliverable } from '../support/marketplace.ts';
import { glbCube, gradientPng, objCube, plyCube, recordMp4, twoPagePdf } from '../support/viewer-fixtures.ts';

// A marketplace, seven uploads and a WebGL scene per file, on a shared machine.
test.describe.configure({ timeout: 180_000 });

/** The viewer of the page once its file has loaded (canvas drawn, page rendered, video ready). */
function readyViewer(page: Page, kind: string) {
  return page.locator(`[data-viewer="${kind}"][data-viewer-state="ready"]`);
}

test('the customer opens each delivered file in its viewer; the provider and admin open them too', async ({
  page,
  browser,
  adminCookies,
  deps,
  market,
  consoleErrors,
}) => {
  const order = await startedOrder(deps, market);
  const tag = randomUUID().slice(0, 6);
  const names = {
    glb: `cube-${tag}.glb`,
    obj: `cube-${tag}.obj`,
    mtl: `cube-${tag}.mtl`,
    texture: `cube-${tag}-texture.png`,
    ply: `cube-${tag}.ply`,
    panorama: `lobby-${tag}.png`,
    pdf: `floor-plan-${tag}.pdf`,
    video: `walkthrough-${tag}.mp4`,
    other: `notes-${tag}.txt`,
  };
  const { obj, mtl } = objCube(names.mtl, names.texture);
  // The browser records the MP4 (no encoder is at hand outside it), on a blank page of its own.
  const recorderPage = await browser.newPage();
  const mp4 = await recordMp4(recorderPage);
  await recorderPage.close();
  expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
  const ids: Record<keyof typeof names, string> = {} as Record<keyof typeof names, string>;
  const files: [keyof typeof names, Buffer][] = [
    ['glb', glbCube()],
    ['obj', obj],
    ['mtl', mtl],
    ['texture', gradientPng(64, 64)],
    ['ply', plyCube()],
    ['panorama', gradientPng(512, 256)],
    ['pdf', twoPagePdf()],
    ['video', mp4],
    ['other', Buffer.from('Access code for the site: ask the front desk.\n')],
  ];
  for (const [key, bytes] of files)
    ids[key] = await uploadDeliverable(market.provider.api, order.orderId, names[key], bytes);
  await markDelivered(market.provider.api, order.orderId);
  const viewerPath = (key: keyof typeof names) => `/customer/orders/${order.orderId}/files/${ids[key]}`;

  await signInPage(page, market.customer);
  const fileReads: { status: number; range: string | undefined }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/files/')) {
      fileReads.push({ status: response.status(), range: response.request().headers().range });
    }
  });

  // GLB: from the list's View link; orbit canvas, Fit to view, and a measure between two picks.
  await page.goto('/customer/deliverables');
  await page
    .getByRole('region', { name: order.title })
    .getByRole('link', { name: `View ${names.glb}` })
    .click();
  await expect(page).toHaveURL(viewerPath('glb'));
  await expect(page.getByRole('heading', { level: 1, name: names.glb })).toBeVisible();
  const model = readyViewer(page, 'model');
  await expect(model).toBeVisible();
  await expect(model.locator('canvas')).toBeVisible();
  await expect(page.getByText('GLB', { exact: true })).toBeVisible();
  await model.getByRole('button', { name: 'Fit to view' }).click();
  await model.getByRole('button', { name: 'Measure' }).click();
  await expect(model.getByText('Pick point 1 of 2')).toBeVisible();
  const canvas = model.locator('canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the model canvas has no box');
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(model.getByText('Pick point 2 of 2')).toBeVisible();
  await canvas.click({ position: { x: box.width / 2 + 40, y: box.height / 2 + 10 } });
  // Two points on the cube (2 units wide): a distance in its own units, more than zero, at most its diagonal.
  const measured = model.getByText(/^Distance: \d+\.\d+ units$/);
  await expect(measured).toBeVisible();
  const distance = Number((await measured.textContent())?.match(/[\d.]+/)?.[0]);
  expect(distance).toBeGreaterThan(0);
  expect(distance).toBeLessThanOrEqual(Math.sqrt(12) + 1e-6);

  // OBJ: its MTL and texture come from the same order, each through its own signed link.
  fileReads.length = 0;
  await page.goto(viewerPath('obj'));
  await expect(readyViewer(page, 'model')).toBeVisible();
  await expect.poll(() => fileReads.filter((read) => read.status === 200).length).toBeGreaterThanOrEqual(3);

  // PLY mesh: the header is read by Range, then the mesh opens in the 3D viewer.
  fileReads.length = 0;
  await page.goto(viewerPath('ply'));
  await expect(readyViewer(page, 'model')).toBeVisible();
  expect(fileReads).toContainEqual({ status: 206, range: 'bytes=0-4095' });

  // A 2:1 PNG opens as a 360° panorama: dragging turns the view; it can also be seen flat.
  await page.goto(viewerPath('panorama'));
  const panorama = readyViewer(page, 'panorama');
  await expect(panorama).toBeVisible();
  await expect(panorama).toHaveAttribute('data-yaw', '0.0');
  const sphere = panorama.locator('canvas');
  const sphereBox = await sphere.boundingBox();
  if (!sphereBox) throw new Error('the panorama canvas has no box');
  await page.mouse.move(sphereBox.x + sphereBox.width / 2, sphereBox.y + sphereBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(sphereBox.x + sphereBox.width / 2 + 120, sphereBox.y + sphereBox.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(panorama).not.toHaveAttribute('data-yaw', '0.0');
  expect(Number(await panorama.getAttribute('data-yaw'))).toBeLessThan(0);
  await panorama.getByRole('button', { name: 'View as flat image' }).click();
  const flat = readyViewer(page, 'image');
  await expect(flat.getByRole('img', { name: names.panorama })).toBeVisible();
  await flat.getByRole('button', { name: 'Zoom in' }).click();
  await expect(flat.getByText('150%')).toBeVisible();

  // PDF: pages drawn by pdf.js (its worker from our own origin), with page navigation.
  await page.goto(viewerPath('pdf'));
  const pdf = readyViewer(page, 'pdf');
  await expect(pdf).toBeVisible();
  await expect(pdf.getByText('Page 1 of 2')).toBeVisible();
  await pdf.getByRole('button', { name: 'Next page' }).click();
  await expect(pdf.getByText('Page 2 of 2')).toBeVisible();
  await expect(readyViewer(page, 'pdf')).toBeVisible();
  await expect(pdf.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // MP4: the browser's player streams it from the signed link by Range.
  fileReads.length = 0;
  await page.goto(viewerPath('video'));
  await expect(readyViewer(page, 'video')).toBeVisible();
  expect(fileReads.some((read) => read.status === 206 && read.range?.startsWith('bytes='))).toBe(true);

  // A type with no viewer: the file's facts and Download, never a blank box.
  await page.goto(viewerPath('other'));
  await expect(page.locator('[data-viewer-state="fallback"]')).toContainText('This type of file has no preview.');
  await expect(page.getByRole('button', { name: `Download ${names.other}` })).toBeVisible();

  // Without WebGL, a model gets the facts and Download with the reason.
  const noWebgl = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await noWebgl.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (type.startsWith('webgl') || type === 'experimental-webgl') return null;
      return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
  });
  const plain = await noWebgl.newPage();
  await signInPage(plain, market.customer);
  await plain.goto(viewerPath('glb'));
  await expect(plain.locator('[data-viewer-state="fallback"]')).toContainText('This browser cannot show 3D');
  await expect(plain.getByRole('button', { name: `Download ${names.glb}` })).toBeVisible();
  await expect(plain.locator('canvas')).toHaveCount(0);
  await noWebgl.close();

  // The provider opens a file from its Uploads page.
  const providerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const providerPage = await providerContext.newPage();
  await signInPage(providerPage, market.provider);
  await providerPage.goto(`/provider/uploads?order=${order.orderId}`);
  await providerPage
    .getByRole('table', { name: 'Files of this order' })
    .getByRole('link', { name: `View ${names.ply}` })
    .click();
  await expect(providerPage).toHaveURL(`/provider/orders/${order.orderId}/files/${ids.ply}`);
  await expect(readyViewer(providerPage, 'model')).toBeVisible();
  await providerContext.close();

  // The admin opens one from the order's history.
  const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await adminContext.addCookies(adminCookies);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/admin/orders/${order.orderId}/files/${ids.pdf}`);
  await expect(readyViewer(adminPage, 'pdf').getByText('Page 1 of 2')).toBeVisible();
  await adminContext.close();

  expect(consoleErrors).toEqual([]);
});
