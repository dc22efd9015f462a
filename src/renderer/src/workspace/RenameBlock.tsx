import { useEffect, useId, useRef, useState } from 'react';

interface RenameBlockProps {
  current: string;
  /** The new name; '' gives the block its automatic title back. */
  onRename(title: string): void;
  onCancel(): void;
}

/** "Rename block": Enter keeps the name, Escape leaves it as it was. */
export function RenameBlock({ current, onRename, onCancel }: RenameBlockProps) {
  const [value, setValue] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  return (
    <div className="palette-backdrop" onMouseDown={onCancel}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Rename block"
        className="palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <label className="rename-block">
          Block name
          <input
            ref={input}
            aria-describedby={hint}
            maxLength={200}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onRename(value.trim());
              } else if (event.key === 'Escape') {
                event.preventDefault();
                onCancel();
              }
            }}
          />
        </label>
        <p id={hint} className="rename-block-hint">
          Enter renames it, Escape leaves it as it was; an empty name gives back its own title.
        </p>
      </div>
    </div>
  );
}
