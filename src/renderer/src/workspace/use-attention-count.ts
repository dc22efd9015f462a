import { useEffect } from 'react';
import { attentionTitle } from '../../../shared/attention-title';

/**
 * Carries the count of blocks that need the user outside the page: the window title, which the
 * taskbar and window switchers show and the Electron shell turns into the badge.
 */
export function useAttentionCount(count: number): void {
  useEffect(() => {
    document.title = attentionTitle(count);
  }, [count]);
}
