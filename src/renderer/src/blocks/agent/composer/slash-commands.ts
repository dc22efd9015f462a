import type { SlashCommand } from '../../../../../shared/agent-event';

/**
 * The commands that complete what is typed: only while the message is a single "/word" being
 * typed, matching by prefix first, then anywhere in the name.
 */
export function slashCompletions(
  text: string,
  commands: readonly SlashCommand[],
  limit = 8,
): SlashCommand[] {
  const match = /^\/([^\s/]*)$/.exec(text);
  if (!match) return [];
  const typed = match[1]!.toLowerCase();
  const named = (command: SlashCommand) => command.name.toLowerCase();
  const prefixed = commands.filter((command) => named(command).startsWith(typed));
  const elsewhere = commands.filter(
    (command) => !named(command).startsWith(typed) && named(command).includes(typed),
  );
  const found = [...prefixed, ...elsewhere];
  // A command typed out in full needs no list.
  return found.length === 1 && named(found[0]!) === typed ? [] : found.slice(0, limit);
}
