import { townPartsOf } from '@spacecapture/shared/address-parts';
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
import { createGazetteer, searchKeyOf, type TGazetteer } from './gazetteer.ts';

/**
 * A geocoder beyond the gazetteer (decision 123): none is configured by default and none is
 * assumed. One plugged in answers only when the gazetteer finds fewer places than asked for.
 */
export type TGeocoder = { search(query: string, limit: number): Promise<TPlace[]> };

/** How many places of the same name an address's part is weighed among, most populous first. */
const SAME_NAME_LIMIT = 25;

/** What people write for a country, as the gazetteer's country codes. */
const COUNTRY_NAMES: Record<string, string> = {
  uk: 'gb',
  'united kingdom': 'gb',
  'great britain': 'gb',
  usa: 'us',
  'united states': 'us',
  germany: 'de',
  deutschland: 'de',
  france: 'fr',
  ireland: 'ie',
  netherlands: 'nl',
  spain: 'es',
  italy: 'it',
};

export type TResolvedPlace = { place: TPlace; matched: string };

export function createPlacesService(deps: { gazetteer?: TGazetteer; geocoder?: TGeocoder } = {}) {
  const gazetteer = deps.gazetteer ?? createGazetteer();
  return {
    /**
     * The place an address names, as far as the gazetteer knows (decision 200): each
     * comma-separated part, without its numbers, from the most specific, is looked up as a
     * town's full name; among towns of that name the one in a region or country another part
     * names wins, else the most populous. Says which part matched; null when none does.
     */
    async resolveAddress(address: string): Promise<TResolvedPlace | null> {
      const parts = townPartsOf(address)
        .map((part) => ({ text: part.text, key: searchKeyOf(part.words) }))
        .filter((part) => part.key);
      const areas = new Set(parts.map((part) => COUNTRY_NAMES[part.key] ?? part.key));
      for (const part of parts) {
        const sameName = (await gazetteer.search(part.key, SAME_NAME_LIMIT)).filter(
          (place) => searchKeyOf(place.name) === part.key,
        );
        const [mostPopulous] = sameName;
        if (!mostPopulous) continue;
        const inNamedArea = sameName.find(
          (place) => areas.has(searchKeyOf(place.region)) || areas.has(searchKeyOf(place.country)),
        );
        return { place: inNamedArea ?? mostPopulous, matched: part.text };
      }
      return null;
    },
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

function orderPlaceOf(place: TPlace, matched?: string): TOrderPlace {
  return {
    label: place.label,
    lat: place.lat,
    lon: place.lon,
    timeZone: place.timeZone,
    ...(matched ? { matched } : {}),
  };
}

export type TPlacesService = ReturnType<typeof createPlacesService>;

/**
 * Places a request form's location: the picked place's id must be one the gazetteer knows (a
 * field error otherwise, nothing stored); without one, free text that names exactly one place is
 * placed, and an address is resolved as far as the gazetteer allows, keeping the part it matched
 * for the admin to check (decision 200); text that names no town is kept for an admin to place.
 * Windows at a known place must not have ended.
 */
export async function placeRequest(
  places: TPlacesService,
  request: { location: string; placeId?: string | undefined; preferredWindows: TRequestedWindow[] },
  now: Date,
): Promise<TRequestPlacement> {
  let place: TOrderPlace | null;
  if (request.placeId) {
    const picked = await places.findById(request.placeId);
    if (!picked) {
      throw new AppError('validation_failed', DISPATCH_MESSAGES.placeId, { placeId: DISPATCH_MESSAGES.placeId });
    }
    place = orderPlaceOf(picked);
  } else {
    const named = await places.findExact(request.location);
    const resolved = named ? null : await places.resolveAddress(request.location);
    place = named ? orderPlaceOf(named) : resolved ? orderPlaceOf(resolved.place, resolved.matched) : null;
  }
  const preferredWindows = place ? windowsInZone(request.preferredWindows, place.timeZone) : [];
  const past = preferredWindows.findIndex((window) => Date.parse(window.end) <= now.getTime());
  if (past >= 0) {
    const field = `preferredWindows.${past}.date`;
    throw new AppError('validation_failed', DISPATCH_MESSAGES.windowPast, { [field]: DISPATCH_MESSAGES.windowPast });
  }
  return { place, requestedWindows: request.preferredWindows, preferredWindows };
}
