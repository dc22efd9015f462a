import { useEffect, useMemo, useRef, useState } from 'react';
import { FindControls } from '../../../ui/FindControls';
import type { TranscriptItem } from '../model/transcript-model';
import { findInTranscript, locateMatch } from '../model/transcript-search';
import type { FindTarget } from './transcript-highlights';

interface TranscriptFindProps {
  items: readonly TranscriptItem[];
  /** Where the matches are now (null: nothing to show). */
  onTarget(target: FindTarget | null): void;
  onClose(): void;
}

/**
 * "Find in transcript": searches the whole conversation (every row, not only those drawn) as the
 * user types; Enter and Shift+Enter step through the matches, Escape closes.
 */
export function TranscriptFind({ items, onTarget, onClose }: TranscriptFindProps) {
  const [query, setQuery] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [nth, setNth] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const rows = useMemo(
    () => findInTranscript(items, query, caseSensitive),
    [items, query, caseSensitive],
  );
  const total = rows.reduce((sum, { count }) => sum + count, 0);
  const current = total === 0 ? 0 : Math.min(nth, total - 1);
  const at = locateMatch(rows, current);
  useEffect(() => {
    onTarget(at ? { query, caseSensitive, ...at } : null);
    // The place, not the object: a new one each render would scroll every time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, caseSensitive, at?.row, at?.inRow, onTarget]);
  useEffect(() => () => onTarget(null), [onTarget]);

  const step = (by: number) => total > 0 && setNth((current + by + total) % total);

  return (
    <div className="find-bar agent-find" role="search" aria-label="Find in transcript">
      <input
        ref={input}
        aria-label="Find in transcript"
        placeholder="Find in transcript"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setNth(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          } else if (event.key === 'Enter') {
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          }
        }}
      />
      <FindControls
        said={query ? (total ? `${current + 1} of ${total}` : 'No matches') : ''}
        toggles={[{ label: 'Match case', checked: caseSensitive, onChange: setCaseSensitive }]}
        canStep={total > 0}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
        onClose={onClose}
      />
    </div>
  );
}
