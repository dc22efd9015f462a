import { useEffect, useRef, useState } from 'react';
import type { SearchAddon } from '@xterm/addon-search';

/** Enter finds the next match, Shift+Enter the previous one, Escape closes. */
export function FindBar({ search, onClose }: { search: SearchAddon; onClose(): void }) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => () => search.clearDecorations(), [search]);

  return (
    <div className="find-bar" role="search">
      <input
        ref={input}
        aria-label="Find in terminal"
        placeholder="Find"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (event.target.value) search.findNext(event.target.value, { incremental: true });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          } else if (event.key === 'Enter' && query) {
            event.preventDefault();
            if (event.shiftKey) search.findPrevious(query);
            else search.findNext(query);
          }
        }}
      />
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
