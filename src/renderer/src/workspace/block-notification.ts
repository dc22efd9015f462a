import type { NotificationSettings } from '../../../shared/settings';
import type { BlockActivity } from '../blocks/block-activity';

export type NotificationKind = 'needsYou' | 'done' | 'error';

/** Which kinds of notification the user wants (the settings file's `notifications`). */
export type NotificationPreferences = NotificationSettings;

export const allNotifications: NotificationPreferences = {
  needsYou: true,
  done: true,
  error: true,
};

export interface BlockNotification {
  kind: NotificationKind;
  title: string;
  body: string;
}

/** Where the user's eyes are: a block they are looking at tells them itself. */
export interface Attention {
  /** The block is the workspace's focused one. */
  blockFocused: boolean;
  /** The window has the keyboard and is not hidden (minimised, another tab). */
  windowLooking: boolean;
}

/**
 * The desktop notification a change of a block's state deserves, if any: a block that starts
 * waiting for the user, finishes a turn, or fails - unless the user is looking at it, or turned
 * that kind off. `label` names the block ("Agent", "Terminal").
 */
export function notificationFor(
  previous: BlockActivity | undefined,
  next: BlockActivity,
  label: string,
  attention: Attention,
  preferences: NotificationPreferences,
): BlockNotification | null {
  if (attention.blockFocused && attention.windowLooking) return null;
  if (previous?.status === next.status && previous.kind === next.kind) return null;
  const notification = describe(next, label);
  return notification && preferences[notification.kind] ? notification : null;
}

function describe(activity: BlockActivity, label: string): BlockNotification | null {
  if (activity.kind === 'terminal') {
    return activity.status === 'Failed'
      ? { kind: 'error', title: `${label}: command failed`, body: activity.command ?? '' }
      : null;
  }
  switch (activity.status) {
    case 'Needs you':
      return {
        kind: 'needsYou',
        title: `${label} needs you`,
        body: activity.detail ?? 'A request waits.',
      };
    case 'Done':
      return {
        kind: 'done',
        title: `${label} done`,
        body: activity.detail ?? 'The turn finished.',
      };
    case 'Error':
      return {
        kind: 'error',
        title: `${label} error`,
        body: activity.detail ?? 'The turn failed.',
      };
    default:
      return null;
  }
}
