import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TPlace } from '@spacecapture/shared/contracts/dispatch';
import type { Ref } from 'react';
import { PLACE_QUERY_MIN, usePlaceSearch } from './search-places.ts';

/** A place the form keeps: what the server needs to find it again, and what the visitor saw. */
export type TPickedPlace = Pick<TPlace, 'id' | 'label' | 'lat' | 'lon' | 'timeZone'>;

type TPlaceFieldProps = {
  label: string;
  /** The text input's name: a form posted without script sends the text under it. */
  name: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The place picked from the list, null while the text is the visitor's own. */
  place: TPickedPlace | null;
  onPlaceChange: (place: TPickedPlace | null) => void;
  /** Texts offered before the gazetteer's places (an organisation's own sites): they pick no place. */
  suggestions?: readonly string[];
  description?: string;
  placeholder?: string;
  withAsterisk?: boolean;
  error?: string | undefined;
};

/** Pause in typing before the gazetteer is asked: one request per pause, not per key. */
const TYPING_PAUSE_MS = 250;

const SITE_PREFIX = 'site:';

/**
 * A location field with the gazetteer's places as type-ahead (decision 140): arrow keys move
 * through the list, Enter picks, Escape closes. Picking a place fills in its full name and keeps its
 * id; typing again makes the text the visitor's own, which the server places when it names exactly
 * one place and otherwise keeps for an admin to place.
 */
export function PlaceField(props: TPlaceFieldProps) {
  const { value, place, onChange, onPlaceChange } = props;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(place ? '' : value, TYPING_PAUSE_MS);
  const search = usePlaceSearch(query);
  const places = query.trim().length >= PLACE_QUERY_MIN ? (search.data ?? []) : [];
  const typed = value.trim().toLowerCase();
  const sites = (props.suggestions ?? []).filter((site) => site.toLowerCase().includes(typed)).slice(0, 5);

  function pick(optionValue: string) {
    if (optionValue.startsWith(SITE_PREFIX)) {
      onChange(optionValue.slice(SITE_PREFIX.length));
      onPlaceChange(null);
    } else {
      const picked = places.find((item) => item.id === optionValue);
      if (picked) {
        onChange(picked.label);
        onPlaceChange({
          id: picked.id,
          label: picked.label,
          lat: picked.lat,
          lon: picked.lon,
          timeZone: picked.timeZone,
        });
      }
    }
    combobox.closeDropdown();
  }

  const description = place
    ? `On the map: ${place.label}${place.timeZone ? ` (${place.timeZone})` : ''}.`
    : props.description;

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={props.label}
          name={props.name}
          placeholder={props.placeholder}
          autoComplete="off"
          withAsterisk={props.withAsterisk}
          description={description}
          error={props.error}
          value={value}
          ref={props.inputRef}
          rightSection={search.isFetching ? <Loader size={14} aria-label="Looking up places" /> : null}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            if (place) onPlaceChange(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            props.onBlur?.();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={sites.length === 0 && places.length === 0}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {sites.length > 0 ? (
            <Combobox.Group label="Your sites">
              {sites.map((site) => (
                <Combobox.Option value={`${SITE_PREFIX}${site}`} key={site}>
                  {site}
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
          {places.length > 0 ? (
            <Combobox.Group label="Places">
              {places.map((item) => (
                <Combobox.Option value={item.id} key={item.id}>
                  {item.label}
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
