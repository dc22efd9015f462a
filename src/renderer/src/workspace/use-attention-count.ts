import { useEffect } from 'react';

const APP_NAME = 'Tether';

/** The window's title with how many blocks wait for the user: "Tether (2)". */
export function attentionTitle(count: number): string {
  return count > 0 ? `${APP_NAME} (${count})` : APP_NAME;
}

/**
 * Carries the count of blocks that need the user outside the page: the window title (the
 * taskbar and window switchers show it).
 */
export function useAttentionCount(count: number): void {
  useEffect(() => {
    document.title = attentionTitle(count);
  }, [count]);
}
