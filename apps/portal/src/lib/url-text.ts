/**
 * A text field whose value lives in the URL, such as a list's search: typing does not write the URL at every key.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

const asTyped = (text: string) => text;

/**
 * `[text, setText]` for a search field whose value lives in the URL (`urlValue`). The field shows what is typed. Once
 * typing has paused for `delayMs` (ms, default 300), `commit` gets the text as `normalise` makes it (default: as
 * typed; the lists trim), unless the URL already has that value. When the URL changes by itself (the back button, a
 * link, a reset button), the field shows the URL's value, and the text typed before is not written back over it. The
 * screens used to write back whatever their debounced text was whenever it differed from the URL, which undid the
 * back button. `normalise` must be a stable function (module level).
 */
export function useUrlText(
  urlValue: string,
  commit: (value: string) => void,
  { delayMs = 300, normalise = asTyped }: { delayMs?: number; normalise?: (text: string) => string } = {},
) {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (seen !== urlValue) {
    // A new URL value during render: React's way of adjusting state to a changed prop, without an extra commit.
    setSeen(urlValue);
    if (normalise(text) !== urlValue) setText(urlValue);
  }
  const [debounced] = useDebouncedValue(normalise(text), delayMs);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    // Only a settled text is written: right after the URL moved, the debounced value still holds the text before.
    if (debounced === normalise(text) && debounced !== urlValue) commitRef.current(debounced);
  }, [debounced, text, urlValue, normalise]);
  return [text, setText] as const;
}
