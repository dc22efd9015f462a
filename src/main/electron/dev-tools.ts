/**
 * Whether the View menu offers Toggle Developer Tools. A development run always does. The
 * installed app does only when its settings file asks: DevTools can read every terminal's output
 * and call the host as the page, which no user should be one keystroke away from by accident.
 */
export function devToolsAllowed(isPackaged: boolean, setting: boolean | null | undefined): boolean {
  return !isPackaged || setting === true;
}
