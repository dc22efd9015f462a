import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { matchEntries } from './palette-match';
import { shortcutLabel } from '../ui/shortcuts';

export interface PaletteEntry {
  id: string;
  title: string;
  keywords?: string;
  keys: string;
  enabled(): boolean;
  run(): void;
}

interface CommandPaletteProps {
  entries: PaletteEntry[];
  isMac: boolean;
  onClose(): void;
}

/** Every command with its shortcut; type to filter, arrows to choose, Enter to run, Escape to leave. */
export function CommandPalette({ entries, isMac, onClose }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const visible = useMemo(() => matchEntries(entries, query), [entries, query]);
  const current = Math.min(active, Math.max(visible.length - 1, 0));

  useEffect(() => input.current?.focus(), []);

  const run = (entry: PaletteEntry | undefined) => {
    if (!entry?.enabled()) return;
    onClose();
    entry.run();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive((current + moves[event.key]! + visible.length) % Math.max(visible.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(visible[current]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="palette-backdrop" onMouseDown={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        className="palette"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <input
          ref={input}
          role="combobox"
          aria-label="Command"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={visible[current] ? `${listId}-${current}` : undefined}
          placeholder="Type a command"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.closest('.palette')?.contains(event.relatedTarget)) onClose();
          }}
        />
        <ul role="listbox" id={listId} aria-label="Commands">
          {visible.map((entry, index) => (
            <li
              key={entry.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === current}
              aria-disabled={!entry.enabled()}
              className={index === current ? 'active' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(entry)}
            >
              <span>{entry.title}</span>
              {entry.keys && <kbd>{shortcutLabel(entry.keys, isMac)}</kbd>}
            </li>
          ))}
          {visible.length === 0 && <li className="palette-empty">No command matches “{query}”</li>}
        </ul>
      </div>
    </div>
  );
}
