const SESSION_TITLE_CHARS = 40;

/** An agent block's title from its first prompt: the first line, cut at a word near 40 characters. */
export function sessionTitle(prompt: string): string {
  const line = prompt.trim().split('\n')[0]!.replace(/\s+/g, ' ');
  if (line.length <= SESSION_TITLE_CHARS) return line;
  const cut = line.slice(0, SESSION_TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > SESSION_TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
