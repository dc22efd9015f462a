// Text quoted into Markdown so that nothing in it can end the quote early.

const longestRun = (text: string) =>
  Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));

/** A fenced code block whose fence is longer than any run of backticks in the text. */
export function fenced(text: string, language = ''): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text) + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Inline code that holds any text: a run of backticks longer than any inside it. */
export function inlineCode(text: string): string {
  const fence = '`'.repeat(longestRun(text) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
