import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TranscriptItem } from './model/transcript-model';
import { highlightMatches, type FindTarget } from './transcript-highlights';
import { TranscriptItemView } from './TranscriptItemView';

interface TranscriptProps {
  items: readonly TranscriptItem[];
  onOpenLink(url: string): void;
  /** The find bar's current match: scrolled to, and the matches on screen marked. */
  find?: FindTarget | null;
}

/** How near the end (in pixels) still counts as following the conversation. */
const FOLLOW_SLACK = 48;

/**
 * The conversation, virtualized so that only the rows in view exist in the DOM, however long the
 * session. It follows new output while scrolled to the end and stays put while the user reads
 * further up.
 */
export function Transcript({ items, onOpenLink, find = null }: TranscriptProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    overscan: 8,
    getItemKey: (index) => items[index]!.key,
  });

  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    // The user's own new message brings the view back to the end, wherever they had scrolled.
    if (items.at(-1)?.kind === 'user') following.current = true;
    const element = scroller.current;
    // Straight to the end (the browser clamps), once per change and without reading the layout:
    // the virtualizer's scrollToIndex re-measures over several frames, a layout each time.
    if (following.current && element) element.scrollTop = totalSize;
  }, [items, totalSize]);

  useLayoutEffect(() => {
    if (!find) return;
    following.current = false;
    virtualizer.scrollToIndex(find.row, { align: 'center' });
    // Scrolled once per match moved to, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [find?.row, find?.inRow, find?.query, find?.caseSensitive]);
  // The rows on screen change with every scroll and update: marked again after each render.
  useLayoutEffect(() => {
    highlightMatches(scroller.current?.querySelectorAll<HTMLElement>('.agent-row') ?? [], find);
  });
  useEffect(() => () => highlightMatches([], null), []);

  return (
    <div
      ref={scroller}
      className="agent-transcript"
      role="log"
      aria-label="Transcript"
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current =
          element.scrollTop + element.clientHeight >= element.scrollHeight - FOLLOW_SLACK;
      }}
    >
      {items.length === 0 && <p className="agent-empty">Ask Claude something to begin.</p>}
      <div className="agent-transcript-rows" style={{ height: totalSize }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="agent-row"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            <TranscriptItemView item={items[row.index]!} onOpenLink={onOpenLink} />
          </div>
        ))}
      </div>
    </div>
  );
}
