import { TextInput } from '@mantine/core';
import { ADMIN_LIST_LIMITS } from '@spacecapture/shared/contracts/admin-console/common';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../lib/list-params.ts';

type TSearchBoxProps = {
  label: string;
  placeholder: string;
  /** The search the URL holds now. */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (text: string) => void;
};

/** A search field that waits for a pause in typing before searching, and follows the URL on Back. */
export function SearchBox({ label, placeholder, value, onSearch }: TSearchBoxProps) {
  const [text, setText] = useState(value);
  const latestSearch = useRef(onSearch);
  latestSearch.current = onSearch;
  /** The last search this box sent; a different value came from elsewhere (Back, a link). */
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      latestSearch.current(trimmed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={ADMIN_LIST_LIMITS.searchLength}
      onChange={(event) => setText(event.currentTarget.value)}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
