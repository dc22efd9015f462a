import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/shared/agent-event';
import { ClaudeTranslator } from '../../src/main/agent/claude-translator';
import { CostTracker } from '../../src/renderer/src/blocks/agent/model/cost-tracker';
import { TranscriptModel } from '../../src/renderer/src/blocks/agent/model/transcript-model';

// The pinned CLI cannot be made to refuse through the scripted API, nor to send a tool call it
// cannot parse, so these frames follow the shapes its SDK schema declares (model_refusal_fallback
// with retracted_message_uuids, assistant frames with supersedes) around frames as recorded: one
// assistant frame per content block, each with its own uuid, streamed first.

type Frame = Record<string, unknown>;

const stream = (event: Frame): Frame => ({
  type: 'stream_event',
  event,
  parent_tool_use_id: null,
});

/** A streamed text reply, then its complete frame (as the CLI prints both). */
function streamedText(messageId: string, uuid: string, text: string, extra: Frame = {}): Frame[] {
  return [
    stream({ type: 'message_start', message: { id: messageId, role: 'assistant', content: [] } }),
    stream({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    stream({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
    {
      type: 'assistant',
      uuid,
      message: { id: messageId, model: 'm', role: 'assistant', content: [{ type: 'text', text }] },
      parent_tool_use_id: null,
      ...extra,
    },
    stream({ type: 'content_block_stop', index: 0 }),
  ];
}

const toolCall = (messageId: string, uuid: string, id: string): Frame => ({
  type: 'assistant',
  uuid,
  message: {
    id: messageId,
    model: 'm',
    role: 'assistant',
    content: [{ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } }],
  },
  parent_tool_use_id: null,
});

const toolResult = (uuid: string, id: string): Frame => ({
  type: 'user',
  uuid,
  message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'a b' }] },
  parent_tool_use_id: null,
});

function fold(frames: Frame[]) {
  const translator = new ClaudeTranslator();
  const events: AgentEvent[] = frames.flatMap((frame) =>
    translator.pushLine(JSON.stringify(frame)),
  );
  const model = new TranscriptModel(new CostTracker());
  model.apply(events);
  return { events, items: model.items };
}

const shown = (items: ReturnType<typeof fold>['items']) =>
  items.map((item) =>
    item.kind === 'tool'
      ? `tool ${item.id}`
      : 'text' in item
        ? `${item.kind} ${item.text}`
        : item.kind,
  );

describe('retracted messages leave the transcript', () => {
  it('a refusal fallback removes the refused reply and its tool call, and says what happened', () => {
    const { events, items } = fold([
      ...streamedText('msg_1', 'u-1', 'Let me look.'),
      toolCall('msg_1', 'u-2', 'toolu_1'),
      toolResult('u-3', 'toolu_1'),
      ...streamedText('msg_2', 'u-4', 'I cannot help with'),
      {
        type: 'system',
        subtype: 'model_refusal_fallback',
        trigger: 'refusal',
        direction: 'retry',
        original_model: 'claude-opus-5-5',
        fallback_model: 'claude-sonnet-5',
        request_id: 'req_1',
        content: 'Switched to claude-sonnet-5 after a refusal.',
        retracted_message_uuids: ['u-1', 'u-2', 'u-3', 'u-4', 'u-unknown'],
      },
      ...streamedText('msg_3', 'u-5', 'Here is the listing.'),
    ]);
    expect(events).toContainEqual({
      type: 'messages_retracted',
      message_ids: ['msg_1', 'msg_2'],
      tool_use_ids: ['toolu_1'],
    });
    expect(shown(items)).toEqual([
      'note Switched to claude-sonnet-5 after a refusal.',
      'assistant Here is the listing.',
    ]);
  });

  it('a message that supersedes earlier ones removes them before it shows', () => {
    const { items } = fold([
      ...streamedText('msg_1', 'u-1', 'Keeps this.'),
      toolCall('msg_2', 'u-2', 'toolu_bad'),
      ...streamedText('msg_3', 'u-3', 'Tried again.', { supersedes: ['u-2'] }),
    ]);
    expect(shown(items)).toEqual(['assistant Keeps this.', 'assistant Tried again.']);
  });

  it('consecutive texts of different messages stay apart, so one can go without the other', () => {
    const { items } = fold([
      ...streamedText('msg_1', 'u-1', 'First. '),
      ...streamedText('msg_2', 'u-2', 'Second.'),
      {
        type: 'system',
        subtype: 'model_refusal_fallback',
        original_model: 'a',
        fallback_model: 'b',
        content: 'Switched to b.',
        retracted_message_uuids: ['u-2'],
      },
    ]);
    expect(shown(items)).toEqual(['assistant First. ', 'note Switched to b.']);
  });

  it('uuids it never saw change nothing', () => {
    const { events, items } = fold([
      ...streamedText('msg_1', 'u-1', 'Stays.'),
      ...streamedText('msg_2', 'u-2', 'Also stays.', { supersedes: ['u-elsewhere'] }),
    ]);
    expect(events.map((e) => e.type)).not.toContain('messages_retracted');
    expect(shown(items)).toEqual(['assistant Stays.', 'assistant Also stays.']);
  });
});
