import { fenced, inlineCode } from '../../../../../shared/markdown-text';
import { formatJson } from './format';
import { resultText } from './result-text';
import { toolSummary } from './tool-summary';
import { markdownText, safeModelMarkdown } from './safe-markdown';
import type { TranscriptItem } from './transcript-model';

// The text is escaped whole first: words put in front of a line can change what it is (a fence).
const quoted = (markdown: string) => markdown.replace(/^/gm, '> ');

// A code span shows a line break as a space; a blank line, or a line that starts a block, would
// end it and let what follows be read as Markdown.
const oneLine = (text: string) => text.replace(/\r?\n|\r/g, ' ');

function itemMarkdown(item: TranscriptItem, depth: number): string | null {
  switch (item.kind) {
    case 'user':
      return `## You\n\n${safeModelMarkdown(item.text)}`;
    case 'assistant':
      return safeModelMarkdown(item.text);
    case 'thinking':
      return quoted(safeModelMarkdown(`*Thinking:* ${item.text}`));
    case 'tool': {
      const summary = toolSummary(item.name, item.input);
      const lines = [
        `**${markdownText(item.name)}**${summary ? ` ${inlineCode(oneLine(summary))}` : ''}`,
      ];
      if (!summary) lines.push(fenced(formatJson(item.input), 'json'));
      if (item.result) {
        const text = resultText(item.result.content);
        lines.push(item.result.is_error ? `Error:\n\n${fenced(text)}` : fenced(text));
      }
      const nested = item.children
        .map((child) => itemMarkdown(child, depth + 1))
        .filter((part): part is string => part !== null);
      const body = [...lines, ...nested].join('\n\n');
      return depth === 0 ? body : quoted(body);
    }
    case 'error':
      return quoted(safeModelMarkdown(`**Error:** ${item.message}`));
    case 'compaction':
      return '---\n\n*The conversation was compacted here.*\n\n---';
    case 'note':
      return safeModelMarkdown(`*${item.text}*`);
    case 'output':
      return fenced(item.text);
    case 'divider':
      return `---\n\n${safeModelMarkdown(`*${item.text}.*`)}\n\n---`;
    default:
      return null;
  }
}

/** The conversation as one Markdown document: prompts, replies, tools with their output. */
export function transcriptMarkdown(items: readonly TranscriptItem[], title: string): string {
  const parts = items
    .map((item) => itemMarkdown(item, 0))
    .filter((part): part is string => part !== null);
  return `# ${markdownText(title)}\n\n${parts.join('\n\n')}\n`;
}
