/**
 * The files a CLAUDE.md imports: its `@path` mentions (`@~/notes.md`, `@./docs/style.md`,
 * `@docs/a.md`), as Claude Code reads them: at the start of a line or after a space, and never
 * inside code (a fenced block or a `span`), where `@` is just text.
 */
export function memoryImports(text: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const outsideSpans = line.replace(/`[^`]*`/g, ' ');
    for (const match of outsideSpans.matchAll(/(?:^|\s)@((?:[^\s\\]|\\ )+)/g)) {
      const path = match[1]!.replace(/\\ /g, ' ');
      // An address (`@user` in prose, an e-mail's tail) has no path in it.
      if (/[/.~]/.test(path) && !found.includes(path)) found.push(path);
    }
  }
  return found;
}
