import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { CostTracker } from './cost-tracker';
import { escapeRawHtml, transcriptMarkdown } from './transcript-markdown';
import { TranscriptModel } from './transcript-model';

function itemsOf(events: AgentEvent[]) {
  const model = new TranscriptModel(new CostTracker());
  model.apply(events);
  return model.items;
}

describe('the transcript as Markdown', () => {
  it('writes prompts, replies and tools with their output', () => {
    const markdown = transcriptMarkdown(
      itemsOf([
        { type: 'user_message', text: 'List the files' },
        { type: 'assistant_text', text: 'Here **they** are:', parent_tool_use_id: null },
        {
          type: 'tool_use',
          id: 't',
          name: 'Bash',
          input: { command: 'ls' },
          parent_tool_use_id: null,
        },
        {
          type: 'tool_result',
          tool_use_id: 't',
          content: 'a.txt\nb.txt',
          is_error: false,
          parent_tool_use_id: null,
        },
      ]),
      'List the files',
    );
    expect(markdown).toBe(
      '# List the files\n\n## You\n\nList the files\n\nHere **they** are:\n\n**Bash** `ls`\n\n```\na.txt\nb.txt\n```\n',
    );
  });

  it('never carries the model’s raw HTML as markup, outside code as inside', () => {
    expect(
      escapeRawHtml('Look: <img src=x onerror=alert(1)> and `<b>` and\n```html\n<script>\n```\n'),
    ).toBe('Look: &lt;img src=x onerror=alert(1)> and `<b>` and\n```html\n<script>\n```\n');
    const markdown = transcriptMarkdown(
      itemsOf([
        { type: 'assistant_text', text: '<script>alert(1)</script>', parent_tool_use_id: null },
      ]),
      '<b>title</b>',
    );
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toContain('<b>');
  });
});
