/** An `@` being typed: where it starts and what follows it up to the caret. */
export interface Mention {
  /** Index of the `@`. */
  start: number;
  /** Index just past the typed path (the caret). */
  end: number;
  /** The partial path after the `@`. */
  query: string;
}

/**
 * The `@path` word the caret is at the end of, if any: an `@` at the start or after a space,
 * then no space. Once a line range follows (`@src/a.ts#10-20`) the path is chosen and nothing is
 * offered; an e-mail address (`me@host`) is not a mention either.
 */
export function mentionAt(text: string, caret: number): Mention | null {
  const match = /(^|\s)@([^\s@#]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2]!;
  return { start: caret - query.length - 1, end: caret, query };
}

/**
 * The text with the mention replaced by the chosen path, and where the caret goes: after a space
 * for a file (ready for the next word, or a `#10-20` typed over the space); right after a folder,
 * whose files are offered next. A path with spaces is quoted, as Claude Code writes it.
 */
export function insertMention(
  text: string,
  mention: Mention,
  path: string,
): { text: string; caret: number } {
  const written = /\s/.test(path) ? `@"${path}"` : `@${path}`;
  const before = text.slice(0, mention.start) + written;
  const rest = text.slice(mention.end);
  if (path.endsWith('/')) return { text: before + rest, caret: before.length };
  return { text: before + (rest.startsWith(' ') ? rest : ` ${rest}`), caret: before.length + 1 };
}
