import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { TranscriptItem } from '../model/transcript-model';
import { highlightMatches, type FindTarget } from './transcript-highlights';
import { TranscriptItemView } from './TranscriptItemView';
import { useFollowOutput } from './use-follow-output';

interface TranscriptProps {
  items: readonly TranscriptItem[];
  onOpenLink(url: string): void;
  /** The find bar's current match: scrolled to, and the matches on screen marked. */
  find?: FindTarget | null;
}

const ESTIMATED_ROW = 64;

/**
 * A row's height as its ResizeObserver reported it, after a layout the browser did anyway. Until
 * then the last one known, or the estimate: reading offsetHeight as a row mounts forces a layout.
 */
function rowHeight(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = virtualizer.indexFromElement(element);
  return virtualizer.measurementsCache[index]?.size ?? ESTIMATED_ROW;
}

/**
 * The conversation, virtualized so that only the rows in view exist in the DOM, however long the
 * session. It follows new output while scrolled to the end and stays put while the user reads
 * further up.
 */
export function Transcript({ items, onOpenLink, find = null }: TranscriptProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const { onScroll, setFollowing } = useFollowOutput(scroller, rows);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW,
    overscan: 8,
    getItemKey: (index) => items[index]!.key,
    measureElement: rowHeight,
    // A row that grows (the streaming reply) moves the rows after it and the content's height:
    // the virtualizer writes those to the DOM itself, and React renders again only when the rows
    // in view change. Otherwise each growth was a second, synchronous React render in the same
    // frame, from the ResizeObserver.
    directDomUpdates: true,
    // `top`, not translate3d: no compositor layer per row.
    directDomUpdatesMode: 'position',
  });
  const setRows = useCallback(
    (node: HTMLDivElement | null) => {
      rows.current = node;
      virtualizer.containerRef(node);
    },
    [virtualizer],
  );

  const last = items.at(-1);
  useLayoutEffect(() => {
    // The user's own new message brings the view back to the end, wherever they had scrolled.
    if (last?.kind === 'user') setFollowing(true);
  }, [last, setFollowing]);

  useLayoutEffect(() => {
    if (!find) return;
    setFollowing(false);
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
      onScroll={onScroll}
    >
      {items.length === 0 && <p className="agent-empty">Ask Claude something to begin.</p>}
      {/* The height and each row's place: written by the virtualizer (directDomUpdates). */}
      <div ref={setRows} className="agent-transcript-rows">
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="agent-row"
          >
            <TranscriptItemView item={items[row.index]!} onOpenLink={onOpenLink} />
          </div>
        ))}
      </div>
    </div>
  );
}
