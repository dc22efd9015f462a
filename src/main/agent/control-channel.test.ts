import { describe, expect, it } from 'vitest';
import { ControlChannel, ControlRequestError, ControlTimeoutError } from './control-channel';
import { classifyFrame } from './parse-frame';

/** A channel whose lines are kept as the CLI would read them, and answers as the frames stage gives them. */
function channel(timeoutMs = 1000) {
  const written: { request_id: string; request: Record<string, unknown> }[] = [];
  const control = new ControlChannel((line) => {
    expect(line.endsWith('\n')).toBe(true);
    const sent = JSON.parse(line) as Record<string, unknown>;
    expect(sent['type']).toBe('control_request');
    written.push(sent as (typeof written)[number]);
  }, timeoutMs);
  const answer = (requestId: string, response: Record<string, unknown>) => {
    const frame = classifyFrame({
      type: 'control_response',
      response: { request_id: requestId, ...response },
    });
    if (frame.kind !== 'control_response') throw new Error(`not a control response: ${frame.kind}`);
    control.receive(frame);
  };
  return { control, written, answer };
}

describe('ControlChannel', () => {
  it('sends each request under an id of its own and settles it with the answer naming that id', async () => {
    const { control, written, answer } = channel();
    const first = control.request({ subtype: 'set_model', model: 'opus' });
    const second = control.request({ subtype: 'get_context_usage' });
    expect(written.map((w) => w.request)).toEqual([
      { subtype: 'set_model', model: 'opus' },
      { subtype: 'get_context_usage' },
    ]);
    const [a, b] = written.map((w) => w.request_id);
    expect(a).not.toBe(b);
    // Answered out of order, each still goes to its own caller.
    answer(b!, { subtype: 'success', response: { totalTokens: 7 } });
    answer(a!, { subtype: 'success', response: { model: 'opus' } });
    await expect(second).resolves.toEqual({ totalTokens: 7 });
    await expect(first).resolves.toEqual({ model: 'opus' });
  });

  it('rejects with the refusal the CLI gave, or a word of its own when it gave none', async () => {
    const { control, written, answer } = channel();
    const refused = control.request({ subtype: 'stop_task', task_id: 't1' });
    const bare = control.request({ subtype: 'stop_task', task_id: 't2' });
    answer(written[0]!.request_id, { subtype: 'error', error: 'No such task: t1' });
    answer(written[1]!.request_id, { subtype: 'error', error: '' });
    await expect(refused).rejects.toThrow(new ControlRequestError('No such task: t1'));
    const error = await bare.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlRequestError);
    expect(error).not.toBeInstanceOf(ControlTimeoutError);
    expect((error as Error).message).toBe('Claude Code refused the request.');
  });

  it('gives up on an unanswered request after its timeout, and drops the late answer', async () => {
    const { control, written, answer } = channel(30);
    const started = Date.now();
    const error = await control.request({ subtype: 'interrupt' }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(error).toBeInstanceOf(ControlTimeoutError);
    expect((error as Error).message).toBe('Claude Code did not answer "interrupt" within 30 ms.');
    // The id is forgotten: its answer settles nothing, and a new request still works.
    answer(written[0]!.request_id, { subtype: 'success', response: {} });
    const next = control.request({ subtype: 'interrupt' }, 5000);
    answer(written[1]!.request_id, { subtype: 'success', response: { ok: true } });
    await expect(next).resolves.toEqual({ ok: true });
  });

  it('fails what still waits once disposed, and every request after', async () => {
    const { control, written } = channel();
    const waiting = control.request({ subtype: 'set_permission_mode', mode: 'plan' });
    control.dispose('Claude Code exited before it answered.');
    await expect(waiting).rejects.toThrow('Claude Code exited before it answered.');
    const later = await control.request({ subtype: 'interrupt' }).catch((e: unknown) => e);
    expect(later).toBeInstanceOf(ControlRequestError);
    expect((later as Error).message).toBe('The Claude session has ended.');
    expect(written).toHaveLength(1);
  });
});
