import { useEffect, useRef, type KeyboardEvent } from 'react';

export interface MenuItem {
  label: string;
  disabled?: boolean;
  run(): void;
}

interface ContextMenuProps {
  /** Where it opens, in viewport pixels (the pointer, or the keyboard's place). */
  x: number;
  y: number;
  label: string;
  items: readonly MenuItem[];
  onClose(): void;
}

/**
 * A right-click menu: it takes the focus on its first item; arrows move, Enter runs, Escape, Tab
 * or a click elsewhere close it. Running an item closes it first.
 */
export function ContextMenu({ x, y, label, items, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role=menuitem]:not([aria-disabled=true])')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [
      ...event.currentTarget.querySelectorAll<HTMLElement>(
        '[role=menuitem]:not([aria-disabled=true])',
      ),
    ];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      entries[(at + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className="context-menu"
      style={{ left: x, top: y }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onClose();
      }}
    >
      {items.map((item) => (
        <div
          key={item.label}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled || undefined}
          className="context-menu-item"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (item.disabled) return;
            onClose();
            item.run();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            if (item.disabled) return;
            onClose();
            item.run();
          }}
        >
          {item.label}
        </div>
      ))}
    </div>
  );
}
