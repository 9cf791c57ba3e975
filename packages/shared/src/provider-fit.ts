/**
 * Which provider can take which job (admin provider picker). The rule, in one place; a provider
 * fits when both its devices and its regions do (decision 107).
 *
 * Devices:
 * - a point cloud needs survey-grade LiDAR, which among the vendor's devices only the META and
 *   the MEGA have; "All of the above" includes a point cloud, so it needs one of them too;
 * - every other capture type (3D model, virtual tour, floor plan, digital twin) can be done with
 *   any of the vendor's devices;
 * - a provider without any registered device fits nothing.
 * Device models are free text ("MEGA", "Matterport Pro3 MEGA #2"): a model matches a device name
 * when that name appears in it as a word, whatever the case.
 *
 * Regions: an order's location and a provider's regions are free text ("Kent, Canterbury Road 7";
 * "London", "Greater London"). A region covers a location when the region's words appear in the
 * location in a row, or when one comma-separated part of the location appears in the region,
 * whatever the case and accents. A provider without any region fits nothing.
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

/** Lower-case words without accents: "Düsseldorf-Nord" → ["dusseldorf", "nord"]. */
function placeWordsOf(text: string) {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether `phrase`'s words appear in `words` one after another. */
function containsPhrase(words: readonly string[], phrase: readonly string[]) {
  if (phrase.length === 0 || phrase.length > words.length) return false;
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, index) => words[start + index] === word)) return true;
  }
  return false;
}

/** A part of a location worth matching: has a letter and is not just a street number or a postcode digit. */
function placePartsOf(location: string) {
  return location
    .split(/[,;/]/)
    .map(placeWordsOf)
    .filter((words) => words.some((word) => /\p{L}{2,}/u.test(word)));
}

export function regionCoversLocation(region: string, location: string): boolean {
  const regionWords = placeWordsOf(region);
  if (containsPhrase(placeWordsOf(location), regionWords)) return true;
  return placePartsOf(location).some((part) => containsPhrase(regionWords, part));
}

function providerCoversLocation(location: string, regions: readonly string[]): TProviderFit {
  if (regions.length === 0) return { fits: false, reason: 'No service regions recorded.' };
  const covering = regions.find((region) => regionCoversLocation(region, location));
  return covering
    ? { fits: true, reason: `Serves ${covering}.` }
    : { fits: false, reason: `Serves ${regions.join(', ')}, not ${location}.` };
}

/** Devices and regions together: every failing part is named, else every passing one. */
export function providerFitsOrder(
  order: { captureType: string; location: string },
  provider: { deviceModels: readonly string[]; regions: readonly string[] },
): TProviderFit {
  const parts = [
    providerFitsCaptureType(order.captureType, provider.deviceModels),
    providerCoversLocation(order.location, provider.regions),
  ];
  const failing = parts.filter((part) => !part.fits);
  const named = failing.length > 0 ? failing : parts;
  return { fits: failing.length === 0, reason: named.map((part) => part.reason).join(' ') };
}
