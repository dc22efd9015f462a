/**
 * The commands that complete what is typed: only while the message is a single "/word" being
 * typed, matching by prefix first, then anywhere in the name.
 */
export function slashCompletions(text: string, commands: readonly string[], limit = 8): string[] {
  const match = /^\/([^\s/]*)$/.exec(text);
  if (!match) return [];
  const typed = match[1]!.toLowerCase();
  const prefixed = commands.filter((name) => name.toLowerCase().startsWith(typed));
  const elsewhere = commands.filter(
    (name) => !name.toLowerCase().startsWith(typed) && name.toLowerCase().includes(typed),
  );
  const found = [...prefixed, ...elsewhere];
  // A command typed out in full needs no list.
  return found.length === 1 && found[0]!.toLowerCase() === typed ? [] : found.slice(0, limit);
}
