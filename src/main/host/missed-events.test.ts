import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/agent-event';
import { missedEvents } from './missed-events';

const prompt = (uuid: string, text = uuid): AgentEvent => ({ type: 'user_message', text, uuid });
const text = (messageId: string, value: string): AgentEvent => ({
  type: 'assistant_text',
  text: value,
  parent_tool_use_id: null,
  message_id: messageId,
});
const call = (id: string): AgentEvent => ({
  type: 'tool_use',
  id,
  name: 'Bash',
  input: { command: 'ls' },
  parent_tool_use_id: null,
});
const result = (id: string): AgentEvent => ({
  type: 'tool_result',
  tool_use_id: id,
  content: 'ok',
  is_error: false,
  parent_tool_use_id: null,
});
const status: AgentEvent = { type: 'status', status: 'requesting' };

describe('missedEvents', () => {
  it('is the turns the file has after what the block showed', () => {
    const history = [prompt('p1'), status, text('m1', 'Hi'), { type: 'done', response: 'Hi' }];
    const transcript = [prompt('p1'), text('m1', 'Hi'), prompt('p2'), text('m2', 'Later')];
    expect(missedEvents(history as AgentEvent[], [], transcript)).toEqual([
      prompt('p2'),
      text('m2', 'Later'),
    ]);
  });

  it('gives a reply cut off mid-stream the rest of its text, and what followed it', () => {
    const history = [prompt('p1'), text('m1', 'Hel'), text('m1', 'lo')];
    const transcript = [
      prompt('p1'),
      text('m1', 'Hello world.'),
      call('t1'),
      text('m1', 'Then more.'),
      result('t1'),
      text('m2', 'Done.'),
    ];
    expect(missedEvents(history, [], transcript)).toEqual([
      text('m1', ' world.'),
      call('t1'),
      text('m1', 'Then more.'),
      result('t1'),
      text('m2', 'Done.'),
    ]);
  });

  it('leaves out what was shown already, also by the new CLI since', () => {
    const history = [prompt('p1'), text('m1', 'Hello'), call('t1')];
    const transcript = [prompt('p1'), text('m1', 'Hello'), call('t1'), result('t1'), prompt('p2')];
    expect(missedEvents(history, [prompt('p2')], transcript)).toEqual([result('t1')]);
    expect(missedEvents(transcript, [], transcript)).toEqual([]);
  });

  it('misses nothing when the file and the block have nothing in common', () => {
    const history = [prompt('other'), text('mx', 'x')];
    expect(missedEvents(history, [], [prompt('p1'), text('m1', 'Hi')])).toEqual([]);
    // A log written before messages were named: nothing to follow the file from.
    const unnamed: AgentEvent = { type: 'assistant_text', text: 'Hi', parent_tool_use_id: null };
    expect(missedEvents([unnamed], [], [text('m1', 'Hi'), prompt('p2')])).toEqual([]);
  });

  it('never shows text twice when the shown text is not the file’s', () => {
    const history = [prompt('p1'), text('m1', 'Something else')];
    const transcript = [prompt('p1'), text('m1', 'Hello'), prompt('p2')];
    expect(missedEvents(history, [], transcript)).toEqual([prompt('p2')]);
  });
});
