// Every command a person can run, with its shortcut ("Mod" is Cmd on macOS, Ctrl elsewhere; ""
// for a command only the palette runs).
// The renderer binds each id to an action; the Electron menu shows the same titles and keys.

export interface CommandInfo {
  id: string;
  title: string;
  keys: string;
  /** The shortcut is macOS's alone: elsewhere the shell owns those keys (Ctrl+A). */
  macOnly?: boolean;
  /** Another shortcut on macOS, where Cmd leaves the shell's Ctrl keys alone (Cmd+F). */
  macKeys?: string;
  /** Other words people type for it, which the palette also matches. */
  keywords?: string;
}

export const commands = [
  {
    id: 'terminal.new',
    title: 'New terminal',
    keys: 'Mod+Shift+Enter',
    keywords: 'split right shell',
  },
  {
    id: 'terminal.newBelow',
    title: 'New terminal below',
    keys: 'Mod+Shift+D',
    keywords: 'split down shell',
  },
  { id: 'agent.new', title: 'New agent', keys: 'Mod+Shift+A', keywords: 'split right claude' },
  { id: 'agent.newInWorktree', title: 'New agent in worktree', keys: '' },
  {
    id: 'worktree.list',
    title: 'Worktrees',
    keys: '',
    keywords: 'git branches merge discard prune agents',
  },
  {
    id: 'worktree.setup',
    title: 'Worktree set-up',
    keys: '',
    keywords: 'worktreeinclude setup install command npm ci env',
  },
  // Blocks on another machine, over the user's own ssh (docs/remote.md).
  {
    id: 'terminal.newOnHost',
    title: 'New terminal on host…',
    keys: '',
    keywords: 'ssh remote server',
  },
  { id: 'agent.newOnHost', title: 'New agent on host…', keys: '', keywords: 'ssh remote server' },
  { id: 'block.close', title: 'Close block', keys: 'Mod+Shift+Backspace', keywords: 'kill quit' },
  { id: 'block.reopen', title: 'Reopen closed block', keys: 'Mod+Shift+T' },
  { id: 'block.rename', title: 'Rename block', keys: '' },
  { id: 'block.maximize', title: 'Toggle maximize block', keys: '', keywords: 'zoom full' },
  { id: 'block.grow', title: 'Grow block', keys: 'Mod+Shift+.' },
  { id: 'block.shrink', title: 'Shrink block', keys: 'Mod+Shift+,' },
  { id: 'focus.next', title: 'Focus next block', keys: 'Mod+Shift+]' },
  { id: 'focus.previous', title: 'Focus previous block', keys: 'Mod+Shift+[' },
  { id: 'focus.left', title: 'Focus block to the left', keys: 'Mod+Shift+Left' },
  { id: 'focus.right', title: 'Focus block to the right', keys: 'Mod+Shift+Right' },
  { id: 'focus.up', title: 'Focus block above', keys: 'Mod+Shift+Up' },
  { id: 'focus.down', title: 'Focus block below', keys: 'Mod+Shift+Down' },
  // Not Mod+Shift+J: browsers open their console with it.
  { id: 'focus.needsYou', title: 'Go to next block that needs you', keys: 'Mod+Shift+L' },
  // The way out of a terminal, whose Tab belongs to the shell.
  {
    id: 'focus.header',
    title: 'Focus block header',
    keys: 'Mod+Shift+E',
    keywords: 'escape tab out',
  },
  { id: 'palette.open', title: 'Show all commands', keys: 'Mod+Shift+P' },
  // Not Mod+Shift+O (the browser's bookmarks) nor Mod+H (hides the app on macOS).
  { id: 'library.open', title: 'Open session library', keys: 'Mod+Shift+H' },
  { id: 'library.rescan', title: 'Rescan session library', keys: '' },
  { id: 'terminal.find', title: 'Find in terminal', keys: 'Mod+Shift+F' },
  { id: 'terminal.copy', title: 'Copy selection', keys: 'Mod+Shift+C' },
  { id: 'terminal.paste', title: 'Paste', keys: 'Mod+Shift+V' },
  { id: 'terminal.selectAll', title: 'Select all', keys: 'Mod+A', macOnly: true },
  // Palette only: the keys shells and full-screen programs leave free are all taken.
  { id: 'terminal.previousCommand', title: 'Go to previous command', keys: '' },
  { id: 'terminal.nextCommand', title: 'Go to next command', keys: '' },
  { id: 'terminal.copyLastOutput', title: 'Copy last command output', keys: '' },
  { id: 'terminal.askSelection', title: 'Ask Claude about selection', keys: '' },
  { id: 'terminal.askLastCommand', title: 'Ask Claude about last command', keys: '' },
  { id: 'agent.toggleRaw', title: 'Show or hide raw output', keys: 'Mod+Shift+X' },
  // The same keys as "Find in terminal": each finds in the kind of block that has the focus.
  { id: 'agent.find', title: 'Find in transcript', keys: 'Mod+Shift+F', macKeys: 'Mod+F' },
  { id: 'agent.export', title: 'Export transcript', keys: '' },
  { id: 'agent.review', title: 'Review changes', keys: '' },
  {
    id: 'agent.login',
    title: 'Log in to Claude',
    keys: '',
    keywords: 'sign in login account subscription console api key',
  },
  {
    id: 'tether.settings',
    title: 'Tether settings',
    keys: '',
    keywords: 'preferences font size theme dark light notifications shell worktree claude path',
  },
  { id: 'settings.open', title: 'Open settings file', keys: '', keywords: 'json editor' },
  {
    id: 'claude.contextUsage',
    title: 'Context usage',
    keys: '',
    keywords: 'context window tokens',
  },
  { id: 'claude.usage', title: 'Usage', keys: '', keywords: 'cost tokens plan limits spending' },
  {
    id: 'claude.settings',
    title: 'Open Claude settings',
    keys: '',
    keywords: 'mcp servers permission rules hooks memory account login',
  },
] as const satisfies readonly CommandInfo[];

export type CommandId = (typeof commands)[number]['id'];

/** The command's shortcut on this platform; '' where it has none. */
export function keysOn(command: CommandInfo, isMac: boolean): string {
  if (isMac && command.macKeys) return command.macKeys;
  return command.macOnly && !isMac ? '' : command.keys;
}

export function findCommand(id: CommandId): CommandInfo {
  return commands.find((command) => command.id === id)!;
}
