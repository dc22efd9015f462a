// @vitest-environment jsdom
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { CostTracker } from './cost-tracker';
import { safeModelMarkdown } from './safe-markdown';
import { transcriptMarkdown } from './transcript-markdown';
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
      safeModelMarkdown(
        'Look: <img src=x onerror=alert(1)> and `<b>` and\n```html\n<script>\n```\n',
      ),
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

  // A viewer that renders raw HTML, as CommonMark and as GitHub's dialect (tables included).
  function liveElements(markdown: string): string[] {
    return [
      micromark(markdown, { allowDangerousHtml: true }),
      micromark(markdown, {
        allowDangerousHtml: true,
        extensions: [gfm()],
        htmlExtensions: [gfmHtml()],
      }),
    ].flatMap((html) => {
      const page = document.createElement('div');
      page.innerHTML = html;
      return [...page.querySelectorAll('img, script, iframe, [onerror], [onload]')].map(
        (element) => element.outerHTML,
      );
    });
  }

  const hostile = '<img src=x onerror=alert(1)>';

  it.each([
    ['a closing fence indented in model text', `\`\`\`\n   \`\`\`\n${hostile}\n\`\`\`\n`],
    ['unequal backtick runs around a code span', `\`\`${hostile}\` and \`x\``],
    [
      'a code span that a table cuts in two',
      `| a | b | c |\n| - | - | - |\n| \`x | ${hostile} | y\` |`,
    ],
    ['raw HTML that only shows once other HTML is escaped', `<b title="\`">x</b> \`${hostile}\``],
    ['a remote image', '![pixel](https://tracker.example/p.png "t")'],
    ['an image made by escaping its alt text', `![${hostile}](https://tracker.example/p.png)`],
    ['a fence the reply leaves open', '```\nunclosed'],
  ])('exports model text with %s as nothing that runs or loads', (_, text) => {
    const markdown = transcriptMarkdown(
      itemsOf([
        { type: 'assistant_text', text, parent_tool_use_id: null },
        {
          type: 'tool_use',
          id: 't',
          name: 'Bash',
          input: { command: 'cat out.txt' },
          parent_tool_use_id: null,
        },
        {
          type: 'tool_result',
          tool_use_id: 't',
          content: `${hostile}\n  \`\`\`\n${hostile}`,
          is_error: false,
          parent_tool_use_id: null,
        },
      ]),
      'Session',
    );
    expect(liveElements(markdown)).toEqual([]);
  });

  it('writes a tool’s name, its summary and the title as text, and a remote image as a link to it', () => {
    const markdown = transcriptMarkdown(
      itemsOf([
        {
          type: 'assistant_text',
          text: '![chart](https://x.example/c.png)',
          parent_tool_use_id: null,
        },
        {
          type: 'tool_use',
          id: 't',
          name: hostile,
          input: { a: 1 },
          parent_tool_use_id: null,
        },
        {
          type: 'tool_use',
          id: 'u',
          name: 'TaskCreate',
          input: { subject: `Plan\n\n${hostile}\n# heading` },
          parent_tool_use_id: null,
        },
      ]),
      `${hostile} *title*`,
    );
    expect(liveElements(markdown)).toEqual([]);
    const page = document.createElement('div');
    page.innerHTML = micromark(markdown, { allowDangerousHtml: true });
    expect(page.querySelector('h1')?.textContent).toBe(`${hostile} *title*`);
    expect(page.querySelector('strong')?.textContent).toBe(hostile);
    const link = page.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://x.example/c.png');
    expect(link?.textContent).toBe('image: chart');
  });
});
