import { isRecord } from '../../../../../shared/is-record';
import { formatJson } from '../format';

/**
 * A tool result as text. The CLI gives either a string or the content blocks as the model saw
 * them (text, images, …); only text is shown, other blocks are named.
 */
export function resultText(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (!Array.isArray(content)) return formatJson(content);
  return content
    .map((block) => {
      if (isRecord(block) && block['type'] === 'text' && typeof block['text'] === 'string') {
        return block['text'];
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
