import { fenced, inlineCode } from '../../../../../shared/markdown-text';
import { formatJson } from './format';
import { resultText } from './result-text';
import { toolSummary } from './tool-summary';
import type { TranscriptItem } from './transcript-model';

/**
 * Model Markdown made safe to open anywhere: `<` outside code becomes `&lt;`, so a viewer that
 * renders raw HTML shows the model's markup as text. Code blocks and spans stay as written.
 */
export function escapeRawHtml(markdown: string): string {
  return markdown
    .split(/(^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\2[^\n]*$)/m)
    .map((part, index) => {
      // split() puts each fenced block at odd positions, with its fence right after it.
      if (index % 3 === 1) return part;
      if (index % 3 === 2) return '';
      return part
        .split(/(`+[^`]*?`+)/)
        .map((piece, at) => (at % 2 === 1 ? piece : piece.replaceAll('<', '&lt;')))
        .join('');
    })
    .join('');
}

function itemMarkdown(item: TranscriptItem, depth: number): string | null {
  switch (item.kind) {
    case 'user':
      return `## You\n\n${escapeRawHtml(item.text)}`;
    case 'assistant':
      return escapeRawHtml(item.text);
    case 'thinking':
      return `> *Thinking:* ${escapeRawHtml(item.text).replaceAll('\n', '\n> ')}`;
    case 'tool': {
      const summary = toolSummary(item.name, item.input);
      const lines = [`**${item.name}**${summary ? ` ${inlineCode(summary)}` : ''}`];
      if (!summary) lines.push(fenced(formatJson(item.input), 'json'));
      if (item.result) {
        const text = resultText(item.result.content);
        lines.push(item.result.is_error ? `Error:\n\n${fenced(text)}` : fenced(text));
      }
      const nested = item.children
        .map((child) => itemMarkdown(child, depth + 1))
        .filter((part): part is string => part !== null);
      const body = [...lines, ...nested].join('\n\n');
      return depth === 0 ? body : body.replace(/^/gm, '> ');
    }
    case 'error':
      return `> **Error:** ${escapeRawHtml(item.message)}`;
    case 'compaction':
      return '---\n\n*The conversation was compacted here.*\n\n---';
    case 'note':
      return `*${escapeRawHtml(item.text)}*`;
    case 'output':
      return fenced(item.text);
    case 'divider':
      return `---\n\n*${escapeRawHtml(item.text)}.*\n\n---`;
    default:
      return null;
  }
}

/** The conversation as one Markdown document: prompts, replies, tools with their output. */
export function transcriptMarkdown(items: readonly TranscriptItem[], title: string): string {
  const parts = items
    .map((item) => itemMarkdown(item, 0))
    .filter((part): part is string => part !== null);
  return `# ${escapeRawHtml(title)}\n\n${parts.join('\n\n')}\n`;
}
