import { useEffect, useState, type Ref } from 'react';
import type { ISearchOptions, SearchAddon } from '@xterm/addon-search';
import { FindControls } from '../../ui/FindControls';

// Every match marked, the current one clearly apart, both on the scrollbar's ruler too.
const DECORATIONS: ISearchOptions['decorations'] = {
  matchBackground: '#6b5a1e',
  matchOverviewRuler: '#6b5a1e',
  activeMatchBackground: '#f0a020',
  activeMatchBorder: '#ffffff',
  activeMatchColorOverviewRuler: '#f0a020',
};

interface FindBarProps {
  search: SearchAddon;
  inputRef: Ref<HTMLInputElement>;
  onClose(): void;
}

/**
 * "Find in terminal": from the bottom upwards (the newest output is what people look for), every
 * match marked and counted. Enter goes to the match above, Shift+Enter below, Escape closes.
 */
export function FindBar({ search, inputRef, onClose }: FindBarProps) {
  const [query, setQuery] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [regex, setRegex] = useState(false);
  const [results, setResults] = useState<{ index: number; count: number } | null>(null);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    const listener = search.onDidChangeResults(({ resultIndex, resultCount }) =>
      setResults({ index: resultIndex, count: resultCount }),
    );
    return () => {
      listener.dispose();
      search.clearDecorations();
    };
  }, [search]);

  const find = (text: string, upwards: boolean, incremental = false) => {
    if (!text) {
      search.clearDecorations();
      setResults(null);
      return;
    }
    const options = { caseSensitive, regex, incremental, decorations: DECORATIONS };
    try {
      setInvalid(false);
      const found = upwards ? search.findPrevious(text, options) : search.findNext(text, options);
      // Without a match the addon may still report the last search's count.
      if (!found) setResults({ index: 0, count: 0 });
    } catch {
      // A pattern still being typed ("(") is no regular expression yet.
      setInvalid(true);
    }
  };
  // A changed toggle searches again from where the bar stands.
  useEffect(() => find(query, true, true), [caseSensitive, regex]); // eslint-disable-line react-hooks/exhaustive-deps

  const said = invalid
    ? 'Not a valid pattern'
    : !query || !results
      ? ''
      : results.count === 0
        ? 'No results'
        : results.index === -1
          ? `${results.count}+ matches`
          : `${results.index + 1} of ${results.count}`;

  return (
    <div className="find-bar" role="search" aria-label="Find in terminal">
      <input
        ref={inputRef}
        autoFocus
        aria-label="Find in terminal"
        placeholder="Find"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          find(event.target.value, true, true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          } else if (event.key === 'Enter') {
            event.preventDefault();
            find(query, !event.shiftKey);
          }
        }}
      />
      <FindControls
        said={said}
        toggles={[
          { label: 'Match case', checked: caseSensitive, onChange: setCaseSensitive },
          { label: 'Regular expression', checked: regex, onChange: setRegex },
        ]}
        canStep={query !== ''}
        onPrevious={() => find(query, true)}
        onNext={() => find(query, false)}
        onClose={onClose}
      />
    </div>
  );
}
