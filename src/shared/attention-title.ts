// The window title carries how many blocks wait for the user; the Electron shell reads it back
// for the dock/taskbar badge, so the page needs no extra message to the host for it.

const APP_NAME = 'Tether';

/** "Tether (2)" when two blocks need the user, "Tether" when none does. */
export function attentionTitle(count: number): string {
  return count > 0 ? `${APP_NAME} (${count})` : APP_NAME;
}

/** The count a title made by `attentionTitle` carries; 0 for any other title. */
export function attentionCount(title: string): number {
  const match = /^Tether \((\d+)\)$/.exec(title);
  return match ? Number(match[1]) : 0;
}
