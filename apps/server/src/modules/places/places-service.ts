import {
  DISPATCH_MESSAGES,
  type TOrderPlace,
  type TPlace,
  type TPlaceList,
  type TRequestedWindow,
  type TTimeWindow,
} from '@spacecapture/shared/contracts/dispatch';
import { AppError } from '@spacecapture/shared/errors';
import { windowsInZone } from '@spacecapture/shared/zoned-time';
import { createGazetteer, type TGazetteer } from './gazetteer.ts';

/**
 * A geocoder beyond the gazetteer (decision 123): none is configured by default and none is
 * assumed. One plugged in answers only when the gazetteer finds fewer places than asked for.
 */
export type TGeocoder = { search(query: string, limit: number): Promise<TPlace[]> };

export function createPlacesService(deps: { gazetteer?: TGazetteer; geocoder?: TGeocoder } = {}) {
  const gazetteer = deps.gazetteer ?? createGazetteer();
  return {
    async search(query: string, limit: number): Promise<TPlaceList> {
      const items = await gazetteer.search(query, limit);
      if (items.length < limit && deps.geocoder) {
        const more = await deps.geocoder.search(query, limit - items.length);
        items.push(...more.filter((place) => !items.some((item) => item.label === place.label)));
      }
      return { items };
    },
    findById: (id: string) => gazetteer.findById(id),
    findExact: (text: string) => gazetteer.findExact(text),
    warm: () => gazetteer.warm(),
  };
}

/** Where and when a request form asked for, as an order keeps it (decision 140). */
export type TRequestPlacement = {
  /** The place picked (by id) or named exactly by the text; null leaves the order unplaced. */
  place: TOrderPlace | null;
  /** The windows as given, local at the place. */
  requestedWindows: TRequestedWindow[];
  /** The same windows as instants, once there is a place to read them in; empty otherwise. */
  preferredWindows: TTimeWindow[];
};

function orderPlaceOf(place: TPlace): TOrderPlace {
  return { label: place.label, lat: place.lat, lon: place.lon, timeZone: place.timeZone };
}

export type TPlacesService = ReturnType<typeof createPlacesService>;

/**
 * Places a request form's location: the picked place's id must be one the gazetteer knows (a
 * field error otherwise, nothing stored); without one, free text that names exactly one place is
 * placed, any other text is kept for an admin to place. Windows at a known place must not have
 * ended.
 */
export async function placeRequest(
  places: TPlacesService,
  request: { location: string; placeId?: string | undefined; preferredWindows: TRequestedWindow[] },
  now: Date,
): Promise<TRequestPlacement> {
  let found: TPlace | null;
  if (request.placeId) {
    found = await places.findById(request.placeId);
    if (!found) {
      throw new AppError('validation_failed', DISPATCH_MESSAGES.placeId, { placeId: DISPATCH_MESSAGES.placeId });
    }
  } else {
    found = await places.findExact(request.location);
  }
  const place = found ? orderPlaceOf(found) : null;
  const preferredWindows = place ? windowsInZone(request.preferredWindows, place.timeZone) : [];
  const past = preferredWindows.findIndex((window) => Date.parse(window.end) <= now.getTime());
  if (past >= 0) {
    const field = `preferredWindows.${past}.date`;
    throw new AppError('validation_failed', DISPATCH_MESSAGES.windowPast, { [field]: DISPATCH_MESSAGES.windowPast });
  }
  return { place, requestedWindows: request.preferredWindows, preferredWindows };
}
