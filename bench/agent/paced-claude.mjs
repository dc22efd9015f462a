#!/usr/bin/env node
// A stand-in for `claude -p --input-format stream-json …` that streams text deltas at a fixed
// rate, each stamped with the moment it was written: what `npm run bench:agent` measures from.
// It answers `initialize` and, per user message, streams one reply in CLI-shaped frames.
import { createInterface } from 'node:readline';
import { setTimeout } from 'node:timers';

const rate = Number(process.env.PACED_RATE ?? 2000);
const count = Number(process.env.PACED_TOKENS ?? 6000);
// Tokens per paragraph; 0 writes one unbroken paragraph (the worst case for Markdown).
const paragraph = Number(process.env.PACED_PARAGRAPH ?? 25);
const session_id = 'paced-session';
const out = (frame) => process.stdout.write(JSON.stringify(frame) + '\n');
const event = (e) => out({ type: 'stream_event', event: e, session_id, parent_tool_use_id: null });

function reply() {
  out({
    type: 'system',
    subtype: 'init',
    session_id,
    model: 'paced',
    cwd: process.cwd(),
    tools: [],
    slash_commands: [],
    permissionMode: 'default',
  });
  event({ type: 'message_start', message: { id: 'msg_paced', role: 'assistant', content: [] } });
  event({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  const start = Date.now();
  let sent = 0;
  let text = '';
  const tick = () => {
    const due = Math.min(count, Math.floor(((Date.now() - start) * rate) / 1000) + 1);
    for (; sent < due; sent++) {
      // Prose in paragraphs, as a model writes it.
      const end = paragraph && sent % paragraph === paragraph - 1 ? '\n\n' : ' ';
      const piece = `‹${String(sent).padStart(5, '0')}@${Date.now()}›${end}`;
      text += piece;
      event({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
    }
    if (sent < count) return setTimeout(tick, 1);
    out({
      type: 'assistant',
      message: {
        id: 'msg_paced',
        role: 'assistant',
        model: 'paced',
        content: [{ type: 'text', text }],
      },
      session_id,
      parent_tool_use_id: null,
    });
    event({ type: 'content_block_stop', index: 0 });
    event({ type: 'message_stop' });
    out({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: text,
      total_cost_usd: 0,
      usage: {},
      session_id,
    });
  };
  tick();
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let frame;
  try {
    frame = JSON.parse(line);
  } catch {
    return;
  }
  if (frame.type === 'control_request') {
    out({
      type: 'control_response',
      response: { subtype: 'success', request_id: frame.request_id, response: {} },
    });
  } else if (frame.type === 'user') {
    out({ ...frame, isReplay: true });
    reply();
  }
});
