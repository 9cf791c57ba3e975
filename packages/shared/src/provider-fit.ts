/**
 * Which devices can do which capture type (decision 107): one of dispatch's hard checks. Where a
 * provider works is judged by geography alone, in dispatch-ranking.ts (decision 200).
 *
 * Devices:
 * - a point cloud needs survey-grade LiDAR, which among the vendor's devices only the META and
 *   the MEGA have; "All of the above" includes a point cloud, so it needs one of them too;
 * - every other capture type (3D model, virtual tour, floor plan, digital twin) can be done with
 *   any of the vendor's devices;
 * - a provider without any registered device fits nothing.
 * Device models are free text ("MEGA", "Matterport Pro3 MEGA #2"): a model matches a device name
 * when that name appears in it as a word, whatever the case.
 */

export const LIDAR_DEVICES = ['META', 'MEGA'] as const;
const NEEDS_LIDAR = new Set(['point-cloud', 'all']);

export type TProviderFit = { fits: boolean; reason: string };

function wordsOf(model: string) {
  return model.toUpperCase().split(/[^A-Z0-9]+/);
}

export function providerFitsCaptureType(captureType: string, deviceModels: readonly string[]): TProviderFit {
  if (deviceModels.length === 0) return { fits: false, reason: 'No devices registered.' };
  if (!NEEDS_LIDAR.has(captureType)) return { fits: true, reason: 'Any device can do this capture.' };
  const lidar = deviceModels.find((model) => LIDAR_DEVICES.some((name) => wordsOf(model).includes(name)));
  return lidar
    ? { fits: true, reason: `Point clouds need a META or MEGA device: has ${lidar}.` }
    : { fits: false, reason: 'Point clouds need a META or MEGA device.' };
}
