import { isRecord } from '../../../../../shared/is-record';

/** An output the CLI found too large to give the model: it saved it to a file and sent a preview. */
export interface PersistedOutput {
  /** The file that holds the output (all of it, or as much as the CLI keeps). */
  path: string;
  /** What the CLI says about it, e.g. "Output too large (40.3KB)". */
  note: string;
  /** Which part the preview is, e.g. "first 2KB". */
  previewOf: string;
  preview: string;
}

const WRAPPED = /^\s*<persisted-output>\n?([\s\S]*?)\n?<\/persisted-output>\s*$/;
// "Output too large (40.3KB). Full output saved to: PATH", or, past the limit of what it keeps,
// "Output exceeded the 64MB persist limit; only the first 64MB were saved to: PATH".
const HEADER = /^(.*?)[.;] (?:Full output|only the first .*?) (?:saved|were saved) to: (.+)$/;
const PREVIEW = /^Preview \(([^)]*)\):\n/;

function parse(text: string): PersistedOutput | null {
  const body = WRAPPED.exec(text)?.[1];
  if (body === undefined) return null;
  const [header = '', ...rest] = body.split('\n\n');
  const head = HEADER.exec(header);
  const afterHead = rest.join('\n\n');
  const preview = PREVIEW.exec(afterHead);
  if (!head || !preview) return null;
  return {
    note: head[1]!,
    path: head[2]!.trim(),
    previewOf: preview[1]!,
    preview: afterHead.slice(preview[0].length).replace(/\n$/, ''),
  };
}

/**
 * The saved-output notice the CLI sends in place of a large tool result (`<persisted-output>`),
 * as a string or as the one text block of the result; null for any other result.
 */
export function persistedOutput(content: unknown): PersistedOutput | null {
  if (typeof content === 'string') return parse(content);
  if (!Array.isArray(content) || content.length !== 1) return null;
  const [block] = content as unknown[];
  return isRecord(block) && typeof block['text'] === 'string' ? parse(block['text']) : null;
}
