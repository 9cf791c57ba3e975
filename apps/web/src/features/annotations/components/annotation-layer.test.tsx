import type { TAnnotation, TAnnotationList } from '@spacecapture/shared/contracts/annotations';
import type { TPoint3 } from '@spacecapture/shared/measurement';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TCloudView } from '../../../lib/cloud-view.ts';
import {
  buttonNamed,
  clickAndSettle,
  pageText,
  renderInPortal,
  typeInto,
  waitFor,
} from '../../../test/render-in-portal.tsx';
import { AnnotationLayer } from './annotation-layer.tsx';

const FILE_ID = '00000000-0000-4000-8000-0000000000f1';
const AUTHOR = { id: 'user-1', name: 'Dana Reyes' };

/** A view as the point-cloud viewer gives it: picks are handed in by the test, flights recorded. */
function fakeView() {
  const overlay = document.createElement('div');
  document.body.append(overlay);
  const flights: TPoint3[] = [];
  let pick: ((point: TPoint3) => void) | null = null;
  const view: TCloudView = {
    project: (point) => ({ x: point.x, y: point.y }),
    flyTo: (point) => flights.push(point),
    onFrame: () => () => undefined,
    setPickHandler: (handler) => {
      pick = handler;
    },
    overlay,
    ready: true,
  };
  return {
    view,
    flights,
    overlay,
    click(point: TPoint3) {
      if (!pick) throw new Error('no tool takes picks');
      act(() => pick?.(point));
    },
    get picking() {
      return pick !== null;
    },
  };
}

function annotation(overrides: Partial<TAnnotation>): TAnnotation {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    fileId: FILE_ID,
    position: { x: 1, y: 2, z: 3 },
    label: 'Door to window',
    measurement: null,
    author: AUTHOR,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    canEdit: true,
    canDelete: true,
    ...overrides,
  };
}

function list(overrides: Partial<TAnnotationList>): TAnnotationList {
  return {
    file: { id: FILE_ID, name: 'scan.las', units: 'metre', unitsStated: false },
    unitSystem: 'metric',
    annotations: [],
    ...overrides,
  };
}

let rendered: ReturnType<typeof renderInPortal> | undefined;
afterEach(() => {
  rendered?.unmount();
  document.body.innerHTML = '';
});

const labelField = () =>
  [...document.querySelectorAll<HTMLInputElement>('input')].find(
    (input) => document.querySelector(`label[for="${input.id}"]`)?.textContent?.startsWith('Label') ?? false,
  );

describe('measuring and annotating a point cloud', () => {
  it('measures a distance in metres from two picks and saves it as an annotation', async () => {
    const cloud = fakeView();
    let saved: unknown;
    rendered = renderInPortal(<AnnotationLayer portal="customer" fileId={FILE_ID} view={cloud.view} />, (call) => {
      if (call.method === 'POST') {
        saved = call.body;
        return { status: 201, body: annotation({ label: 'Hall width' }) };
      }
      return { status: 200, body: list({}) };
    });
    await waitFor(() => expect(pageText()).toContain('No annotations yet'));
    expect(pageText()).toContain('Figures in metres');
    expect(pageText()).toContain('The file names no unit: its coordinates are taken as metres.');

    await clickAndSettle(buttonNamed('Measure distance'));
    expect(buttonNamed('Measure distance')?.getAttribute('aria-pressed')).toBe('true');
    expect(pageText()).toContain('Click the first point.');
    cloud.click({ x: 512_000, y: 5_402_000, z: 38 });
    expect(pageText()).toContain('Click the second point.');
    cloud.click({ x: 512_003, y: 5_402_004, z: 38 });
    expect(document.querySelector('[aria-label="Measurement"]')?.textContent).toBe('Distance: 5.00 m');
    // The outline and its label are drawn over the view.
    expect(cloud.overlay.querySelector('[data-annotation-label="draft"]')?.textContent).toBe('5.00 m');

    // A label is asked for before anything is sent.
    await clickAndSettle(buttonNamed('Save annotation'));
    expect(pageText()).toContain('Write a label for the annotation.');
    expect(rendered.calls.filter((call) => call.method === 'POST')).toEqual([]);
    typeInto(labelField()!, 'Hall width');
    await clickAndSettle(buttonNamed('Save annotation'));
    await waitFor(() => expect(pageText()).toContain('Annotation saved'));
    expect(saved).toEqual({
      position: { x: 512_001.5, y: 5_402_002, z: 38 },
      label: 'Hall width',
      measurement: {
        kind: 'distance',
        points: [
          { x: 512_000, y: 5_402_000, z: 38 },
          { x: 512_003, y: 5_402_004, z: 38 },
        ],
      },
    });
    // The tool is put away: clicks go back to the viewer.
    expect(cloud.picking).toBe(false);
  });

  it('shows an area from a file in feet in square feet for an imperial organisation', async () => {
    const cloud = fakeView();
    rendered = renderInPortal(<AnnotationLayer portal="provider" fileId={FILE_ID} view={cloud.view} />, () => ({
      status: 200,
      body: list({ file: { id: FILE_ID, name: 'scan.las', units: 'foot', unitsStated: true }, unitSystem: 'imperial' }),
    }));
    await waitFor(() => expect(pageText()).toContain("The file's coordinates are in feet."));
    expect(pageText()).toContain("Figures in feet, the customer's organisation's setting.");
    await clickAndSettle(buttonNamed('Measure area'));
    for (const corner of [
      { x: 0, y: 0, z: 0 },
      { x: 10, y: 0, z: 0 },
      { x: 10, y: 10, z: 0 },
    ]) {
      cloud.click(corner);
    }
    expect(document.querySelector('[aria-label="Measurement"]')?.textContent).toBe('Area: 50.00 sq ft');
    cloud.click({ x: 0, y: 10, z: 0 });
    expect(document.querySelector('[aria-label="Measurement"]')?.textContent).toBe('Area: 100.00 sq ft');
  });

  it('lists the annotations with their figures; a click flies to one; only the author may change it', async () => {
    const cloud = fakeView();
    const measured = annotation({
      id: '00000000-0000-4000-8000-0000000000a2',
      label: 'Ceiling',
      position: { x: 5, y: 5, z: 9 },
      measurement: {
        kind: 'height',
        points: [
          { x: 5, y: 5, z: 6 },
          { x: 5, y: 5, z: 9 },
        ],
        value: 3,
      },
      canEdit: false,
      canDelete: false,
    });
    rendered = renderInPortal(<AnnotationLayer portal="admin" fileId={FILE_ID} view={cloud.view} />, () => ({
      status: 200,
      body: list({ annotations: [annotation({}), measured] }),
    }));
    await waitFor(() => expect(document.querySelector('[aria-label="Annotations"]')).not.toBeNull());
    const items = [...document.querySelectorAll('[aria-label="Annotations"] > li')];
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Door to window', 'Ceiling']);
    expect(items[1]?.textContent).toContain('Height: 3.00 m');
    expect(items[1]?.textContent).toContain('Dana Reyes');
    expect(items[0]?.textContent).toContain('Change label');
    expect(items[1]?.textContent).not.toContain('Change label');
    expect(items[1]?.textContent).not.toContain('Remove');
    // Both are labelled over the view.
    expect(cloud.overlay.querySelectorAll('[data-annotation-label]')).toHaveLength(2);

    await clickAndSettle(items[1]?.querySelector<HTMLButtonElement>('button[aria-label="Go to Ceiling"]') ?? undefined);
    expect(cloud.flights).toEqual([{ x: 5, y: 5, z: 9 }]);
    expect(items[1]?.getAttribute('aria-current')).toBe('true');

    const csv = [...document.querySelectorAll('a')].find((link) => link.textContent === 'Export CSV');
    expect(csv?.getAttribute('href')).toBe(`/api/admin/files/${FILE_ID}/annotations.csv`);
  });
});
