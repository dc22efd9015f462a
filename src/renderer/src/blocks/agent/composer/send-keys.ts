/** The keys of a key event that choose how a message goes. */
export interface SendKeyEvent {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * How a key sends the message: Enter `send`s it (behind a running turn, it queues), Ctrl+Enter
 * or Cmd+Enter sends it `now`, steering the running turn. Both modifiers count on every system:
 * the keyboard is the one in front of the user, which in browser mode need not be the host's.
 * Shift+Enter and anything else: null (a new line, or not a send at all).
 */
export function sendKeyOf(event: SendKeyEvent): 'send' | 'now' | null {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey) return null;
  return event.ctrlKey || event.metaKey ? 'now' : 'send';
}
