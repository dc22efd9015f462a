import { useCallback, useEffect, useRef, useState } from 'react';
import {
  allNotifications,
  notificationFor,
  type BlockNotification,
  type NotificationPreferences,
} from './block-notification';
import type { ActivityReport, BlockActivity } from '../blocks/block-activity';
import { needsYou, shownActivity } from './block-state';

interface Reported {
  activity: BlockActivity;
  /** The user has looked at the block since this activity came (only matters for Done/Failed). */
  seen: boolean;
}

export interface Attention {
  /** A block's state as its frame shows it. */
  shown(blockId: string): BlockActivity | undefined;
  report(blockId: string, activity: BlockActivity, how?: ActivityReport): void;
  /** How many of `blockIds` wait for the user. */
  needingYou(blockIds: readonly string[]): number;
}

const windowLooking = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * What each block reported, and whether the user has looked since: focusing a block (with the
 * window in front) marks its `Done`/`Failed` as seen. A change the user is not looking at goes to
 * `notify`.
 */
export function useAttention(
  focused: string | null,
  label: (blockId: string) => string,
  notify: (blockId: string, notification: BlockNotification) => void,
  preferences: NotificationPreferences = allNotifications,
): Attention {
  const [reported, setReported] = useState<Readonly<Record<string, Reported>>>({});
  const latest = useRef({ focused, reported, label, notify, preferences });
  latest.current = { focused, reported, label, notify, preferences };

  const markSeen = useCallback((blockId: string | null) => {
    if (!blockId || !windowLooking()) return;
    setReported((current) => {
      const entry = current[blockId];
      return entry && !entry.seen ? { ...current, [blockId]: { ...entry, seen: true } } : current;
    });
  }, []);
  useEffect(() => markSeen(focused), [focused, markSeen]);
  useEffect(() => {
    const onLook = () => markSeen(latest.current.focused);
    window.addEventListener('focus', onLook);
    document.addEventListener('visibilitychange', onLook);
    return () => {
      window.removeEventListener('focus', onLook);
      document.removeEventListener('visibilitychange', onLook);
    };
  }, [markSeen]);

  const report = useCallback((blockId: string, activity: BlockActivity, how?: ActivityReport) => {
    const {
      focused: now,
      reported: before,
      label: name,
      notify: show,
      preferences: wanted,
    } = latest.current;
    const looking = { blockFocused: now === blockId, windowLooking: windowLooking() };
    const previous = before[blockId]?.activity;
    const notification = notificationFor(previous, activity, name(blockId), looking, wanted);
    if (notification && !how?.alreadySeen) show(blockId, notification);
    const seen = how?.alreadySeen === true || (looking.blockFocused && looking.windowLooking);
    setReported((current) => ({ ...current, [blockId]: { activity, seen } }));
  }, []);

  const shown = useCallback(
    (blockId: string) => {
      const entry = reported[blockId];
      return entry && shownActivity(entry.activity, entry.seen);
    },
    [reported],
  );
  const needingYou = useCallback(
    (blockIds: readonly string[]) => blockIds.filter((blockId) => needsYou(shown(blockId))).length,
    [shown],
  );
  return { shown, report, needingYou };
}
