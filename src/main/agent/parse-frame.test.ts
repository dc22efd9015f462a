import { describe, expect, it } from 'vitest';
import { parseFrame } from './parse-frame';

describe('parseFrame', () => {
  it('classifies each frame type', () => {
    expect(parseFrame('{"type":"system","subtype":"init"}')).toEqual({
      kind: 'system',
      subtype: 'init',
    });
    expect(
      parseFrame(
        '{"type":"stream_event","event":{"type":"content_block_delta","delta":{"type":"text_delta","text":"hi"}}}',
      ),
    ).toEqual({ kind: 'stream_event', delta: 'hi' });
    expect(parseFrame('{"type":"stream_event","event":{"type":"message_stop"}}')).toEqual({
      kind: 'stream_event',
      delta: null,
    });
    expect(
      parseFrame(
        '{"type":"assistant","message":{"content":[{"type":"text","text":"a"},{"type":"tool_use"},{"type":"text","text":"b"}]}}',
      ),
    ).toEqual({ kind: 'assistant', text: 'ab' });
    expect(
      parseFrame('{"type":"result","subtype":"success","result":"r","is_error":false}'),
    ).toEqual({ kind: 'result', subtype: 'success', result: 'r', is_error: false });
    expect(parseFrame('{"type":"user","message":{"content":"x"},"isReplay":true}')).toEqual({
      kind: 'user_echo',
    });
    expect(
      parseFrame(
        '{"type":"control_request","request_id":"q1","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"ls"}}}',
      ),
    ).toEqual({
      kind: 'control_request',
      request_id: 'q1',
      subtype: 'can_use_tool',
      tool_name: 'Bash',
      input: { command: 'ls' },
    });
    expect(parseFrame('{"type":"keep_alive"}')).toEqual({ kind: 'other', type_name: 'keep_alive' });
    expect(parseFrame('{"no_type":1}')).toEqual({ kind: 'other', type_name: '' });
  });

  it('calls anything that is not a JSON object malformed, without throwing', () => {
    for (const line of [
      '',
      '   ',
      'warning: foo',
      '{"a":',
      '[1,2]',
      '42',
      'null',
      '"s"',
      '\x1b[0m',
    ]) {
      expect(parseFrame(line)).toEqual({ kind: 'malformed' });
    }
  });

  it('tolerates leading whitespace and odd field types', () => {
    expect(parseFrame('  {"type":"result","subtype":5,"result":{},"is_error":"yes"}')).toEqual({
      kind: 'result',
      subtype: '',
      result: null,
      is_error: false,
    });
  });
});
