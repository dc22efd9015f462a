/**
 * What an agent's session was about, in a few words: its title and the final reply of each turn.
 * The commit message and the pull request Tether proposes start from it; the user edits them.
 */
export interface SessionDigest {
  title: string;
  /** Each turn's final reply text, oldest first. */
  turns: readonly string[];
}

const SUBJECT_CHARS = 72;
const SUMMARY_CHARS = 200;

/** A subject line (git's 72 characters at most), then one line per turn: "- what it did". */
export function proposeCommitMessage(digest: SessionDigest): string {
  const subject = cut(oneLine(digest.title) || 'Agent work', SUBJECT_CHARS);
  const lines = summaries(digest).map((summary) => `- ${summary}`);
  return lines.length ? `${subject}\n\n${lines.join('\n')}\n` : `${subject}\n`;
}

/** The pull request's title and body: the session's title, and what each turn ended with. */
export function proposePullRequest(digest: SessionDigest): { title: string; body: string } {
  const lines = summaries(digest).map((summary) => `- ${summary}`);
  return {
    title: cut(oneLine(digest.title) || 'Agent work', SUBJECT_CHARS),
    body: lines.length ? `## What changed\n\n${lines.join('\n')}\n` : '',
  };
}

/** The message that asks the agent to fix a failed check, its log attached when gh had one. */
export function fixCheckMessage(check: { name: string; link: string }, log: string | null): string {
  const ask = `The check "${check.name}" failed on this branch's pull request (${check.link}). Find out why and fix it.`;
  if (log === null) return `${ask} Its log is not available here; the link above shows it.`;
  const fence = '`'.repeat(Math.max(3, longestRun(log, '`') + 1));
  return `${ask} The failed steps' log:\n\n${fence}\n${log.trimEnd()}\n${fence}`;
}

/** Each turn's reply shortened to its first sentence or line, empty replies left out. */
function summaries(digest: SessionDigest): string[] {
  return digest.turns
    .map((reply) => oneLine(firstSentence(reply.trim())))
    .filter(Boolean)
    .map((summary) => cut(summary, SUMMARY_CHARS));
}

function firstSentence(text: string): string {
  const paragraph = text.split(/\n\s*\n/)[0] ?? '';
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(paragraph)?.[0];
  return sentence ?? paragraph;
}

function oneLine(text: string): string {
  // Markdown's marks would read as noise in a commit message.
  return text
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at a word near `chars`, marked by an ellipsis. */
function cut(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const head = text.slice(0, chars - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > chars / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
