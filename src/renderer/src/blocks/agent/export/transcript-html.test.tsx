// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../../shared/agent-event';
import { CostTracker } from '../model/cost-tracker';
import { TranscriptModel } from '../model/transcript-model';
import { exportName } from './export-transcript';
import { transcriptHtml } from './transcript-html';

function itemsOf(events: AgentEvent[]) {
  const model = new TranscriptModel(new CostTracker());
  model.apply(events);
  return model.items;
}

describe('the transcript as one HTML file', () => {
  const html = transcriptHtml(
    itemsOf([
      { type: 'user_message', text: 'Show me <b>bold</b>' },
      {
        type: 'assistant_text',
        text: 'Here: <img src=x onerror="alert(1)"> and <script>alert(2)</script> and **real bold**',
        parent_tool_use_id: null,
      },
    ]),
    'A </title><script>alert(3)</script>',
  );

  it('draws the conversation with the block’s own components', () => {
    expect(html).toContain('<strong>real bold</strong>');
    expect(html).toContain('class="agent-user"');
  });

  it('never carries the model’s raw HTML as markup, and allows no script or request', () => {
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    expect(parsed.querySelectorAll('script, img, iframe, object')).toHaveLength(0);
    expect(parsed.title).toBe('A </title><script>alert(3)</script>');
    expect(parsed.body.textContent).toContain('<img src=x onerror="alert(1)">');
    const policy = parsed.querySelector('meta[http-equiv="Content-Security-Policy"]');
    expect(policy?.getAttribute('content')).toContain("default-src 'none'");
  });

  it('is named for the session, safely', () => {
    expect(exportName('Fix the <parser>: now!', 'html')).toBe('Fix-the-parser-now.html');
    expect(exportName('///', 'markdown')).toBe('transcript.md');
  });
});
