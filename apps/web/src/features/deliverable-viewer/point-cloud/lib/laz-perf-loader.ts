import type { TLazPerf } from '@spacecapture/shared/point-formats/laz-chunks';

/**
 * laz-perf's worker build and its WebAssembly, loaded only when a LAZ file is opened: both are
 * files of our own origin (Vite emits the .wasm as an asset), fetched by the point-cloud worker.
 * Compiling it needs 'wasm-unsafe-eval' in the Content-Security-Policy (decision 160).
 */
let loading: Promise<TLazPerf> | null = null;

export function loadLazPerf(): Promise<TLazPerf> {
  loading ??= Promise.all([
    import('laz-perf/lib/worker/laz-perf.js'),
    import('laz-perf/lib/worker/laz-perf.wasm?url'),
  ]).then(([{ default: createLazPerf }, { default: wasmUrl }]) =>
    createLazPerf({ locateFile: () => wasmUrl }),
  ) as Promise<TLazPerf>;
  return loading;
}
