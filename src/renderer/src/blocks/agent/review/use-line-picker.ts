import {
  useId,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import type { DiffLine } from '../model/edit-diff';

export interface LinePicker {
  /** The picked lines, first and last (places in the diff's lines). */
  from: number;
  to: number;
  /** Props of the diff's `pre`: a listbox of its lines. */
  list: HTMLAttributes<HTMLElement>;
  /** Props of the line at `index`: an option, picked or not. */
  line(index: number): HTMLAttributes<HTMLElement> & { 'data-line': number };
}

const lineOf = (node: Node | null, within: HTMLElement): number | null => {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const line = element?.closest<HTMLElement>('[data-line]');
  return line && within.contains(line) ? Number(line.dataset['line']) : null;
};

/**
 * Which lines of a diff a review comment is about: all it changed, until the user picks lines
 * with a cursor and an anchor. Up and Down move the cursor, Shift with them (or Home, End)
 * stretches the range; a click picks a line, Shift+click stretches to it, and a text selection
 * across lines picks the lines it spans. Enter (or C) asks for the comment box.
 */
export function useLinePicker(
  lines: readonly DiffLine[],
  count: number,
  list: RefObject<HTMLElement | null>,
  onComment: () => void,
): LinePicker {
  const id = useId();
  const changed = (line: DiffLine) => line.kind === 'add' || line.kind === 'remove';
  const firstChange = Math.max(0, lines.findIndex(changed));
  const lastChange = Math.max(firstChange, lines.findLastIndex(changed));
  // Until a line is picked, the comment is on the whole change, and the cursor on its start.
  const [picked, setPicked] = useState<{ anchor: number; cursor: number } | null>(null);
  const last = Math.max(0, count - 1);
  const cursor = Math.min(picked?.cursor ?? firstChange, last);
  const anchor = Math.min(picked?.anchor ?? firstChange, last);
  const from = picked ? Math.min(anchor, cursor) : Math.min(firstChange, last);
  const to = picked ? Math.max(anchor, cursor) : Math.min(lastChange, last);

  const moveTo = (target: number, stretch: boolean) => {
    const next = Math.max(0, Math.min(last, target));
    setPicked({ anchor: stretch ? anchor : next, cursor: next });
    list.current?.querySelector(`[data-line="${next}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const stretch = event.shiftKey;
    const target =
      event.key === 'ArrowDown'
        ? cursor + 1
        : event.key === 'ArrowUp'
          ? cursor - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target !== null) moveTo(target, stretch);
    else if (event.key === 'Enter' || (event.key.toLowerCase() === 'c' && !event.ctrlKey))
      onComment();
    else return;
    event.preventDefault();
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const within = event.currentTarget;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) {
      const start = lineOf(selection.anchorNode, within);
      const end = lineOf(selection.focusNode, within);
      if (start !== null && end !== null) return setPicked({ anchor: start, cursor: end });
    }
    const clicked = lineOf(event.target as Node, within);
    if (clicked !== null) moveTo(clicked, event.shiftKey);
  };

  return {
    from,
    to,
    list: {
      role: 'listbox',
      'aria-multiselectable': true,
      tabIndex: 0,
      'aria-activedescendant': `${id}-${cursor}`,
      onKeyDown,
      onClick,
    },
    line: (index) => ({
      id: `${id}-${index}`,
      role: 'option',
      'aria-selected': index >= from && index <= to,
      'data-line': index,
    }),
  };
}
