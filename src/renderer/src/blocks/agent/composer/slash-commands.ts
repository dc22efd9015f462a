import fuzzysort from 'fuzzysort';
import type { SlashCommand } from '../../../../../shared/agent-event';

/**
 * The commands that complete what is typed, while the message is a single "/word" being typed:
 * every one for a bare "/", else those that match loosely, best first ("/scr" finds
 * security-review). Not cut short: the list scrolls.
 */
export function slashCompletions(text: string, commands: readonly SlashCommand[]): SlashCommand[] {
  const match = /^\/([^\s/]*)$/.exec(text);
  if (!match) return [];
  const typed = match[1]!;
  if (!typed) return [...commands];
  const found = fuzzysort
    .go(typed, commands, { key: 'name', threshold: 0.2, limit: 0 })
    .map((hit) => hit.obj);
  // A command typed out in full needs no list.
  return found.length === 1 && found[0]!.name.toLowerCase() === typed.toLowerCase() ? [] : found;
}
