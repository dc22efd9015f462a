import { useEffect, useRef, useState } from 'react';

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
        <input
          ref={input}
          aria-label="Block name"
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
      </div>
    </div>
  );
}
