import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** How near the end (in pixels) still counts as being at the end. */
const FOLLOW_SLACK = 48;

export interface FollowOutput {
  /** For the scroller's scroll events: scrolling up stops following, back to the end resumes. */
  onScroll(): void;
  /** Follows again from the next growth (the user's own message), or stops (a match shown). */
  setFollowing(on: boolean): void;
}

/**
 * Keeps a scroller at its end while its content grows, unless the user scrolled up. It moves from
 * a ResizeObserver on the content and on the scroller: those run after layout and before paint,
 * so moving to the end forces no layout and happens once per frame however often the content
 * renders (setting scrollTop on every render laid the page out each time).
 */
export function useFollowOutput(
  scroller: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
): FollowOutput {
  const following = useRef(true);
  /** Where the scroller was last seen: only a move up, not growth below, stops following. */
  const lastTop = useRef(0);

  useEffect(() => {
    const element = scroller.current;
    const rows = content.current;
    // Not every DOM has one (jsdom): there nothing is laid out, so there is no end to follow.
    const Observer = element?.ownerDocument.defaultView?.ResizeObserver;
    if (!element || !rows || !Observer) return;
    const observer = new Observer(() => {
      if (!following.current) return;
      // The browser clamps: straight to the end without reading the layout.
      element.scrollTop = element.scrollHeight;
      lastTop.current = element.scrollTop;
    });
    observer.observe(rows);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, content]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const top = element.scrollTop;
    // Output that grew since the last move leaves the view short of the end without the user
    // scrolling: that alone does not stop following.
    if (top + element.clientHeight >= element.scrollHeight - FOLLOW_SLACK) following.current = true;
    else if (top < lastTop.current) following.current = false;
    lastTop.current = top;
  }, [scroller]);

  const setFollowing = useCallback((on: boolean) => {
    following.current = on;
  }, []);

  return { onScroll, setFollowing };
}
