import type { TCloudFacts } from '../lib/cloud-source.ts';
import type { PointCloudScene } from '../lib/point-cloud-scene.ts';
import type { TEptMessage, TEptRequest } from './ept-source.ts';
import { EptStream, type TStreamStats } from './ept-stream.ts';
import type { TVec3 } from './ept-tree.ts';
import { takeTreeWorker } from './tree-prestart.ts';

/**
 * Opens a point cloud's tree in the viewer: starts the worker that reads and decodes it, waits for
 * the scene, frames the cloud, then lets EptStream choose nodes after every camera move.
 *
 * While it is open, `window.pointCloudProbe` answers read-only questions about what is held, for
 * browser tests and the bench, which cannot count points on a canvas.
 */

export type TPointCloudProbe = {
  /** Points held inside a box of the file's coordinates. */
  pointsWithin(min: TVec3, max: TVec3): number;
  /** The cloud's real extent, in the file's coordinates. */
  bounds: { min: TVec3; max: TVec3 };
  /** Where a point of the file's coordinates is on screen, in client pixels. */
  screenPosition(point: TVec3): { x: number; y: number };
  stats(): TStreamStats;
  /** The last frames drawn: when (page clock, ms), how many points, and whether the camera was moving. */
  frames(): { at: number; points: number; moving: boolean }[];
};

/** The window, with the probe a tree stream sets while it is open. */
export const probeHost = () => window as Window & { pointCloudProbe?: TPointCloudProbe };

export type TTreeStreamCallbacks = {
  onFacts(facts: TCloudFacts): void;
  onOrigin(origin: TVec3): void;
  onStats(stats: TStreamStats): void;
  /** The tree could not be opened (before any node): the viewer falls back to the original. */
  onRefused(message: string): void;
};

export function openTreeStream(options: {
  treeUrl: string;
  fileUrl: string;
  fileName: string;
  budget: number;
  scene: Promise<PointCloudScene | null>;
  callbacks: TTreeStreamCallbacks;
}) {
  const { callbacks } = options;
  const { worker, said } = takeTreeWorker(options.treeUrl, options.fileUrl, options.fileName);
  const send = (request: TEptRequest) => worker.postMessage(request);
  let stream: EptStream<unknown> | null = null;
  let disposed = false;
  let budget = options.budget;
  /** Nodes that came before the scene was ready (the root, sent unasked): handed to the stream. */
  const early: Extract<TEptMessage, { type: 'node' }>[] = [];
  const handle = (message: TEptMessage) => {
    if (message.type === 'facts') callbacks.onFacts(message.facts);
    else if (message.type === 'tree') {
      performance.mark('point-cloud:tree-read');
      options.scene.then((scene) => {
        if (disposed || !scene) return;
        const { tree, origin } = message;
        callbacks.onOrigin(origin);
        const relative = (value: TVec3): TVec3 => [value[0] - origin[0], value[1] - origin[1], value[2] - origin[2]];
        scene.extend(relative(tree.info.conformed.min), relative(tree.info.conformed.max));
        const nodes = new EptStream(
          tree,
          origin,
          send,
          {
            addNode: (positions, colors) => scene.addNode(positions, colors),
            removeNode: (node) => scene.removeNode(node as ReturnType<PointCloudScene['addNode']>),
            viewState: () => scene.viewState(),
            setDrawOrder: (order) => scene.setDrawOrder(order as ReturnType<PointCloudScene['addNode']>[]),
          },
          { budget },
          (stats) => callbacks.onStats(stats),
        );
        stream = nodes;
        for (const node of early.splice(0)) nodes.keep(node.key, node.positions, node.colors);
        scene.onViewChange = () => nodes.refresh();
        probeHost().pointCloudProbe = {
          pointsWithin: (min, max) => nodes.pointsWithin(min, max),
          bounds: tree.info.conformed,
          screenPosition: (point) => scene.project(relative(point)),
          stats: () => nodes.stats(),
          frames: () => [...scene.frames],
        };
        scene.fit();
        nodes.refresh();
      });
    } else if (message.type === 'node') {
      if (message.key === '0-0-0-0') performance.mark('point-cloud:root-decoded');
      if (stream) stream.receive(message.key, message.positions, message.colors);
      else early.push(message);
    } else if (message.type === 'node-failed') stream?.fail(message.key);
    else if (!stream) callbacks.onRefused(message.message);
  };
  worker.onmessage = (event: MessageEvent<TEptMessage>) => handle(event.data);
  worker.onerror = () => {
    if (!stream) callbacks.onRefused('The streaming tree could not be read.');
  };
  for (const message of said.splice(0)) handle(message);
  return {
    setBudget(next: number) {
      budget = next;
      stream?.setBudget(next);
    },
    dispose() {
      disposed = true;
      stream?.dispose();
      worker.terminate();
      delete probeHost().pointCloudProbe;
    },
  };
}
