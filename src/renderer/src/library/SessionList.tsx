import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { clientName, type SessionSummary } from '../../../shared/library';
import { Highlighted } from './Highlighted';
import { whenLabel, type LibraryRow } from './library-rows';

interface SessionListProps {
  id: string;
  rows: readonly LibraryRow[];
  /** The index in `rows` of the session the arrows are on (never a project row). */
  active: number;
  onActive(index: number): void;
  onOpen(session: SessionSummary): void;
  /** Search results show each session's folder on its row; the listing groups by it. */
  showProject: boolean;
}

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The sessions as a listbox, virtualized: thousands of sessions keep a few dozen rows in the DOM.
 * The keyboard stays in the search field (aria-activedescendant), as in the command palette.
 */
export function SessionList({ id, rows, active, onActive, onOpen, showProject }: SessionListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index]?.kind === 'project' ? 28 : 52),
    overscan: 10,
    getItemKey: (index) => rows[index]!.key,
  });
  useEffect(() => {
    if (active >= 0) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, virtualizer]);
  const now = Date.now();

  return (
    <div ref={scroller} className="library-list" role="listbox" id={id} aria-label="Sessions">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const style = { transform: `translateY(${item.start}px)` };
          if (row.kind === 'project') {
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="presentation"
                className="library-project"
                style={style}
                title={row.project}
              >
                {row.project}
              </div>
            );
          }
          const { session } = row;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              id={optionId(id, item.index)}
              role="option"
              aria-selected={item.index === active}
              className={item.index === active ? 'library-session active' : 'library-session'}
              style={style}
              title={session.project}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => item.index !== active && onActive(item.index)}
              onClick={() => onOpen(session)}
            >
              <div className="library-session-title">
                <span>{session.title || '(untitled session)'}</span>
                {session.live && <span className="library-live">live</span>}
              </div>
              <div className="library-session-meta">
                {[
                  session.host && `on ${session.host}`,
                  whenLabel(session.lastAt, now),
                  `${session.messages} ${session.messages === 1 ? 'message' : 'messages'}`,
                  session.model,
                  session.gitBranch && session.gitBranch !== 'HEAD'
                    ? `⎇ ${session.gitBranch}`
                    : null,
                  session.entrypoint && (clientName(session.entrypoint) ?? session.entrypoint),
                  showProject ? session.project : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              {row.snippet && (
                <div className="library-snippet">
                  <Highlighted snippet={row.snippet} />
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
