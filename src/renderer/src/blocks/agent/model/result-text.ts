import { isRecord } from '../../../../../shared/is-record';
import { formatJson } from './format';

/**
 * Tags the CLI wraps some results in for the model: `<tool_use_error>` around a failure,
 * `<persisted-output>` around the preview of an output too large to send (it names the file that
 * holds all of it), `<truncated-output>` around the start of one it could not save. The user reads
 * what is inside.
 */
const CLI_WRAPPER = /^\s*<(tool_use_error|persisted-output|truncated-output)>([\s\S]*)<\/\1>\s*$/;

function unwrapped(text: string): string {
  const wrapped = CLI_WRAPPER.exec(text);
  return wrapped ? wrapped[2]!.trim() : text;
}

/**
 * A tool result as text. The CLI gives either a string or the content blocks as the model saw
 * them (text, images, …); only text is shown, other blocks are named.
 */
export function resultText(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return unwrapped(content);
  if (!Array.isArray(content)) return formatJson(content);
  return content
    .map((block) => {
      if (isRecord(block) && block['type'] === 'text' && typeof block['text'] === 'string') {
        return unwrapped(block['text']);
      }
      return isRecord(block) && typeof block['type'] === 'string'
        ? `[${block['type']}]`
        : formatJson(block);
    })
    .join('\n');
}

/** Lines of output, a final newline ending the last line rather than starting another. */
export function countLines(text: string): number {
  if (!text) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
