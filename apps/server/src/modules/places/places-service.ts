import type { TPlace, TPlaceList } from '@spacecapture/shared/contracts/dispatch';
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
  };
}

export type TPlacesService = ReturnType<typeof createPlacesService>;
