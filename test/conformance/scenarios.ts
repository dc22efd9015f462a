/**
 * Conformance scenarios: what the fake Messages API answers, what the "user" types, and how the
 * driver answers permission prompts. `record.ts` runs each against the real CLI and saves its
 * stdout; `check` states what the transcript must show, so a re-recording that no longer shows it
 * fails loudly instead of silently committing a useless fixture.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { elicitMcpConfig } from '../support/elicit-mcp';
import {
  errorReply,
  firstUserText,
  isCompactRequest,
  lastToolResults,
  lastUserText,
  messageText,
  textReply,
  thinkingReply,
  toolUseReply,
  type FakeHandler,
  type MessagesCall,
} from '../support/fake-anthropic';

/** One parsed stdout line (a JSON object; `{ type: '<malformed>' }` when it was not JSON). */
export type Frame = { type?: string; subtype?: string; [key: string]: unknown };

/** A `can_use_tool` control request, as the CLI sent it. */
export interface CanUseToolRequest {
  request_id: string;
  tool_name: string;
  input: Record<string, unknown>;
  tool_use_id?: string;
  [key: string]: unknown;
}

export type PermissionAnswer =
  | { behavior: 'allow' }
  | { behavior: 'deny'; message: string; interrupt?: boolean }
  /** Leave the request unanswered (only together with `interrupt`, to see it withdrawn). */
  | { behavior: 'unanswered' };

/** What a scenario's check gets after the run (before the temp dirs are removed). */
export interface Outcome {
  frames: Frame[];
  /** The working directory of the run. */
  cwd: string;
  /** Contents of a file relative to `cwd`, or undefined if missing. */
  file(rel: string): string | undefined;
  /** The `/v1/messages` calls the fake received. */
  calls: MessagesCall[];
  /** Lines the driver wrote to the CLI's stdin, parsed. */
  sent: Frame[];
}

export interface Scenario {
  name: string;
  /** One line: what the recording shows. */
  description: string;
  /** User messages, in order; the next is sent after each `result`. */
  turns: string[];
  /** Extra CLI args (after the standard headless flags). */
  args?: string[];
  /**
   * A second CLI process, started once the first has exited: `--resume <its session id>` (and
   * `--fork-session` when `fork`), sent these user messages.
   */
  resume?: { turns: string[]; fork?: boolean };
  /** Builds the fake API's handler for one run (fresh state per run). */
  api: (ctx: { cwd: string }) => FakeHandler;
  /** Answers to `can_use_tool` requests (default: allow all). `n` counts from 0. */
  permission?: (req: CanUseToolRequest, n: number) => PermissionAnswer;
  /**
   * The `response` to an MCP server's `elicitation` request (`{action, content?}`); without it
   * the driver answers elicitations with an error, as any request it does not serve.
   */
  elicitation?: (request: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Send a control request during turn `turn` (0-based) once `when` matches: `interrupt`, or what
   * `request` builds from the matching frame (e.g. `stop_task` for the task it names).
   */
  interrupt?: {
    turn: number;
    when: (frame: Frame) => boolean;
    request?: (frame: Frame) => Record<string, unknown>;
    /** A whole stdin line to send instead of a control request (a prompt with a priority). */
    line?: (frame: Frame) => Record<string, unknown>;
  };
  /** Number of `result` frames after which stdin is closed (default: `turns.length`). */
  results?: number;
  /** Expected exit code of the CLI (default 0; print mode exits 1 after an error result). */
  exitCode?: number;
  /** Prepares the working directory. */
  setup?: (cwd: string) => void;
  timeoutMs?: number;
  /** Problems with the transcript (empty when it shows what the scenario is about). */
  check?: (o: Outcome) => string[];
}

// ---------------------------------------------------------------------------------------------
// Frame helpers for checks
// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});

export const ofType = (frames: Frame[], type: string, subtype?: string): Frame[] =>
  frames.filter((f) => f.type === type && (subtype === undefined || f.subtype === subtype));

/** The `event` objects of `stream_event` frames. */
export const streamEvents = (frames: Frame[]): Obj[] =>
  ofType(frames, 'stream_event').map((f) => obj(f.event));

/** Concatenated `text_delta` text (optionally only of frames with this parent_tool_use_id). */
export function deltaText(frames: Frame[], parent: string | null = null): string {
  return ofType(frames, 'stream_event')
    .filter((f) => (f.parent_tool_use_id ?? null) === parent)
    .map((f) => obj(obj(f.event).delta))
    .filter((d) => d.type === 'text_delta')
    .map((d) => String(d.text))
    .join('');
}

/** Content blocks of complete `assistant` frames. */
export const assistantBlocks = (frames: Frame[]): Obj[] =>
  ofType(frames, 'assistant').flatMap((f) => {
    const c = obj(f.message).content;
    return Array.isArray(c) ? (c as Obj[]) : [];
  });

/** `tool_result` blocks of `user` frames. */
export const toolResults = (frames: Frame[]): Obj[] =>
  ofType(frames, 'user').flatMap((f) => {
    const c = obj(f.message).content;
    return Array.isArray(c) ? (c as Obj[]).filter((b) => b.type === 'tool_result') : [];
  });

export const controlRequests = (frames: Frame[], subtype = 'can_use_tool'): Frame[] =>
  ofType(frames, 'control_request').filter((f) => obj(f.request).subtype === subtype);

function expect(problems: string[], ok: boolean, what: string): void {
  if (!ok) problems.push(what);
}

/** Common checks: an init, the expected results (subtypes in order), no malformed line. */
function basics(o: Outcome, resultSubtypes: string[]): string[] {
  const p: string[] = [];
  expect(p, ofType(o.frames, 'system', 'init').length > 0, 'no system/init frame');
  const got = ofType(o.frames, 'result').map((r) => r.subtype);
  expect(
    p,
    JSON.stringify(got) === JSON.stringify(resultSubtypes),
    `result subtypes ${JSON.stringify(got)}, expected ${JSON.stringify(resultSubtypes)}`,
  );
  expect(p, ofType(o.frames, '<malformed>').length === 0, 'a stdout line is not JSON');
  return p;
}

/** Whether some tool_result frame precedes the content_block_stop of its tool_use block. */
export function toolResultBeforeBlockStop(frames: Frame[]): boolean {
  // index of the tool_use block per tool id, from content_block_start
  const open = new Map<string, { index: number; msg: unknown }>();
  const stopped = new Set<string>();
  let lastMsg: unknown;
  for (const f of frames) {
    if (f.type === 'stream_event') {
      const e = obj(f.event);
      if (e.type === 'message_start') lastMsg = obj(e.message).id;
      if (e.type === 'content_block_start') {
        const b = obj(e.content_block);
        if (b.type === 'tool_use') open.set(String(b.id), { index: Number(e.index), msg: lastMsg });
      }
      if (e.type === 'content_block_stop') {
        for (const [id, v] of open) if (v.index === e.index && v.msg === lastMsg) stopped.add(id);
      }
    }
    if (f.type === 'user') {
      for (const r of toolResults([f])) {
        const id = String(r.tool_use_id);
        if (open.has(id) && !stopped.has(id)) return true;
      }
    }
  }
  return false;
}

/**
 * Whether some tool_result frame arrives while the API message that carried its tool_use is
 * still streaming (before that message's `message_stop`). 2.1.332 does this: tools run as soon as
 * their block is complete, so results interleave with the rest of the message.
 */
export function toolResultInsideOpenMessage(frames: Frame[]): boolean {
  let open = false;
  for (const f of frames) {
    if (f.type === 'stream_event') {
      const t = obj(f.event).type;
      if (t === 'message_start') open = true;
      if (t === 'message_stop') open = false;
    }
    if (f.type === 'user' && open && toolResults([f]).length > 0) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

export const PLAIN_TEXT =
  'Grüße, 世界 ✓ — émoji 🎉. Zweite Zeile: naïve café, 日本語, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 and done.';

/** Replies with `final` once the last message carries tool results, else with `first`. */
function toolThenText(first: ReturnType<typeof toolUseReply>, final: string): FakeHandler {
  return ({ body }) => (lastToolResults(body).length > 0 ? textReply(final) : first);
}

const plainText: Scenario = {
  name: 'plain-text',
  description: 'One turn, one streamed text reply with non-ASCII text split over several deltas.',
  turns: ['Say hello with some non-ASCII characters.'],
  api: () => () => textReply(PLAIN_TEXT, { chunks: 6 }),
  check: (o) => {
    const p = basics(o, ['success']);
    expect(p, deltaText(o.frames) === PLAIN_TEXT, 'text deltas do not add up to the scripted text');
    const r = ofType(o.frames, 'result')[0];
    expect(p, r?.result === PLAIN_TEXT, 'result.result is not the scripted text');
    expect(
      p,
      streamEvents(o.frames).filter((e) => e.type === 'content_block_delta').length >= 6,
      'fewer than 6 deltas',
    );
    return p;
  },
};

const toolAllowed: Scenario = {
  name: 'tool-allowed',
  description:
    'Bash `echo hi > made.txt`: permission requested and allowed, the tool runs, then a final text.',
  turns: ['Create made.txt containing hi.'],
  api: () =>
    toolThenText(
      toolUseReply(
        { name: 'Bash', input: { command: 'echo hi > made.txt', description: 'Create made.txt' } },
        { text: 'I will create the file.', delayMs: 40 },
      ),
      'Created made.txt.',
    ),
  check: (o) => {
    const p = basics(o, ['success']);
    expect(p, o.file('made.txt') === 'hi\n', 'made.txt was not created with "hi"');
    expect(p, controlRequests(o.frames).length === 1, 'expected one can_use_tool request');
    const tr = toolResults(o.frames);
    expect(p, tr.length === 1 && tr[0]?.is_error === false, 'expected one successful tool_result');
    expect(p, deltaText(o.frames).endsWith('Created made.txt.'), 'final text missing');
    return p;
  },
};

const DENY_MESSAGE = 'The user does not want files removed in this test.';

const toolDenied: Scenario = {
  name: 'tool-denied',
  description:
    'Bash `rm -rf build`: permission requested and denied with a message; the tool_result is an error and the model answers.',
  turns: ['Remove the build directory.'],
  setup: (cwd) => fs.mkdirSync(path.join(cwd, 'build')),
  api: () =>
    toolThenText(
      toolUseReply(
        { name: 'Bash', input: { command: 'rm -rf build', description: 'Remove build directory' } },
        { delayMs: 40 },
      ),
      'Understood, I left the build directory alone.',
    ),
  permission: () => ({ behavior: 'deny', message: DENY_MESSAGE }),
  check: (o) => {
    const p = basics(o, ['success']);
    expect(p, fs.existsSync(path.join(o.cwd, 'build')), 'build/ was removed although denied');
    const tr = toolResults(o.frames);
    expect(
      p,
      tr.length === 1 && tr[0]?.is_error === true,
      'expected one tool_result with is_error',
    );
    expect(
      p,
      JSON.stringify(tr[0]?.content ?? '').includes(DENY_MESSAGE),
      'deny message not in tool_result',
    );
    const r = ofType(o.frames, 'result')[0];
    expect(
      p,
      Array.isArray(r?.permission_denials) && (r?.permission_denials as unknown[]).length === 1,
      'result.permission_denials should list the denial',
    );
    return p;
  },
};

const parallelTools: Scenario = {
  name: 'parallel-tools',
  description:
    'One assistant message with two Bash tool_use blocks; two permission requests, both allowed; both files made.',
  turns: ['Create one.txt and two.txt.'],
  api: () =>
    toolThenText(
      toolUseReply(
        [
          { name: 'Bash', input: { command: 'echo one > one.txt', description: 'Create one.txt' } },
          { name: 'Bash', input: { command: 'echo two > two.txt', description: 'Create two.txt' } },
        ],
        // Slow enough that the first tool runs while the second block streams, also on a loaded
        // machine (at 40 ms the check failed about 1 run in 5 under load).
        { delayMs: 150 },
      ),
      'Both files exist now.',
    ),
  check: (o) => {
    const p = basics(o, ['success']);
    expect(p, o.file('one.txt') === 'one\n' && o.file('two.txt') === 'two\n', 'files not created');
    expect(p, controlRequests(o.frames).length === 2, 'expected two can_use_tool requests');
    const tr = toolResults(o.frames);
    expect(
      p,
      tr.length === 2 && tr.every((t) => t.is_error === false),
      'expected two successful tool_results',
    );
    const uses = assistantBlocks(o.frames).filter((b) => b.type === 'tool_use');
    expect(p, uses.length === 2, 'expected two tool_use blocks');
    expect(
      p,
      toolResultInsideOpenMessage(o.frames),
      'no tool_result arrived while its assistant message was still streaming',
    );
    return p;
  },
};

const WRITE_CONTENT = 'Hallo, Welt — 你好 🌍\nsecond line\n';

const write: Scenario = {
  name: 'write',
  description: 'Write tool creating hello.txt (absolute path, non-ASCII content), allowed.',
  turns: ['Write hello.txt.'],
  api: ({ cwd }) =>
    toolThenText(
      toolUseReply(
        {
          name: 'Write',
          input: { file_path: path.join(cwd, 'hello.txt'), content: WRITE_CONTENT },
        },
        { delayMs: 40, chunks: 5 },
      ),
      'Wrote hello.txt.',
    ),
  check: (o) => {
    const p = basics(o, ['success']);
    expect(
      p,
      o.file('hello.txt') === WRITE_CONTENT,
      'hello.txt not written with the scripted content',
    );
    const req = controlRequests(o.frames)[0];
    expect(p, obj(req?.request).tool_name === 'Write', 'no Write permission request');
    const tr = toolResults(o.frames);
    expect(
      p,
      tr.length === 1 && tr[0]?.is_error !== true,
      'expected one successful tool_result (Write omits is_error)',
    );
    return p;
  },
};

/** A read that needs no permission (a file in the cwd): the tool runs without a prompt. */
const readNoPrompt: Scenario = {
  name: 'read',
  description:
    'Read of a file in the cwd: no permission prompt (read-only in cwd), the tool runs as soon as the assistant frame is out.',
  turns: ['What is in notes.txt?'],
  setup: (cwd) => fs.writeFileSync(path.join(cwd, 'notes.txt'), 'alpha\nbeta — ß\n'),
  api: ({ cwd }) =>
    toolThenText(
      toolUseReply(
        { name: 'Read', input: { file_path: path.join(cwd, 'notes.txt') } },
        { delayMs: 40 },
      ),
      'It lists alpha and beta.',
    ),
  check: (o) => {
    const p = basics(o, ['success']);
    expect(p, controlRequests(o.frames).length === 0, 'expected no permission request');
    const tr = toolResults(o.frames);
    expect(
      p,
      tr.length === 1 && JSON.stringify(tr[0]).includes('alpha'),
      'tool_result lacks the file',
    );
    return p;
  },
};

const THINKING = 'The user wants a greeting. Keep it short — ünïcödé in thought too.';

const thinking: Scenario = {
  name: 'thinking',
  description: 'A thinking block (thinking_delta + signature_delta) followed by a text block.',
  turns: ['Think, then greet me.'],
  api: () => () => thinkingReply(THINKING, 'Hello after thinking.', { chunks: 4 }),
  check: (o) => {
    const p = basics(o, ['success']);
    const deltas = streamEvents(o.frames).map((e) => obj(e.delta).type);
    expect(p, deltas.includes('thinking_delta'), 'no thinking_delta');
    expect(p, deltas.includes('signature_delta'), 'no signature_delta');
    expect(
      p,
      assistantBlocks(o.frames).some((b) => b.type === 'thinking'),
      'no thinking block in assistant frames',
    );
    expect(p, deltaText(o.frames) === 'Hello after thinking.', 'text deltas wrong');
    return p;
  },
};

const apiError: Scenario = {
  name: 'api-error',
  description:
    'The API answers HTTP 400 invalid_request_error: a `<synthetic>` assistant frame and an error result.',
  turns: ['Hello?'],
  exitCode: 1,
  api: () => () => errorReply(400, 'invalid_request_error', 'fake: prompt is not acceptable'),
  check: (o) => {
    const p = basics(
      o,
      ofType(o.frames, 'result').map((r) => String(r.subtype)),
    );
    const synth = ofType(o.frames, 'assistant').filter(
      (f) => obj(f.message).model === '<synthetic>',
    );
    expect(p, synth.length === 1, 'expected one <synthetic> assistant frame');
    const r = ofType(o.frames, 'result');
    expect(p, r.length === 1 && r[0]?.is_error === true, 'expected one result with is_error true');
    return p;
  },
};

const maxTurns: Scenario = {
  name: 'max-turns',
  description:
    '`--max-turns 1` and a tool use: the tool runs, then the turn ends with error_max_turns.',
  turns: ['Create made.txt.'],
  args: ['--max-turns', '1'],
  exitCode: 1,
  api: () =>
    toolThenText(
      toolUseReply({
        name: 'Bash',
        input: { command: 'echo hi > made.txt', description: 'Create made.txt' },
      }),
      'Should not be asked for this.',
    ),
  check: (o) => basics(o, ['error_max_turns']),
};

const STORY = Array.from({ length: 40 }, (_, i) => `Sentence ${i + 1} of a long story. `).join('');

const interrupt: Scenario = {
  name: 'interrupt',
  description:
    'A slow streamed reply interrupted after the first text_delta (error_during_execution), then a second turn in the same process.',
  turns: ['Tell me a long story.', 'Just say ok.'],
  api: () => (call) =>
    /long story/.test(lastUserText(call.body))
      ? textReply(STORY, { chunks: 40, delayMs: 100 })
      : textReply('ok'),
  interrupt: {
    turn: 0,
    when: (f) => f.type === 'stream_event' && obj(obj(f.event).delta).type === 'text_delta',
  },
  check: (o) => {
    const p = basics(o, ['error_during_execution', 'success']);
    const ours = o.sent.find((s) => s.type === 'control_request');
    const answered = ofType(o.frames, 'control_response').some(
      (f) => obj(f.response).request_id === ours?.request_id,
    );
    expect(p, answered, 'no control_response to our interrupt');
    expect(p, !deltaText(o.frames).includes('Sentence 40'), 'the story was not cut short');
    return p;
  },
};

const steer: Scenario = {
  name: 'steer',
  description:
    'A slow streamed reply cut by a prompt with priority "now" sent after the first text_delta: the turn stops and the prompt runs at once, in a turn of its own.',
  turns: ['Tell me a long story.'],
  results: 2,
  api: () => (call) =>
    /Shorter, please/.test(lastUserText(call.body))
      ? textReply('A short one.')
      : textReply(STORY, { chunks: 40, delayMs: 100 }),
  interrupt: {
    turn: 0,
    when: (f) => f.type === 'stream_event' && obj(obj(f.event).delta).type === 'text_delta',
    line: () => ({
      type: 'user',
      message: { role: 'user', content: 'Shorter, please.' },
      parent_tool_use_id: null,
      session_id: '',
      // The CLI reads `priority` only on a prompt with a uuid, as Tether sends every prompt.
      uuid: randomUUID(),
      priority: 'now',
    }),
  },
  check: (o) => {
    const p: string[] = [];
    const results = ofType(o.frames, 'result');
    // The cut turn's result is an error (aborted_streaming) or a success with the text so far.
    expect(p, results.length === 2, `expected 2 results, got ${results.length}`);
    expect(p, results[1]?.result === 'A short one.', 'the steering prompt was not answered');
    expect(p, o.calls.length === 2, `expected 2 API calls, got ${o.calls.length}`);
    expect(p, !deltaText(o.frames).includes('Sentence 40'), 'the story was not cut short');
    return p;
  },
};

const twoTurns: Scenario = {
  name: 'two-turns',
  description: 'Two user messages in one process: two turns, two results, running totals.',
  turns: ['First question: what is 1+1?', 'Second question: and 2+2?'],
  api: () => (call) =>
    /Second question/.test(lastUserText(call.body))
      ? textReply('Four — 4.')
      : textReply('Two — 2.'),
  check: (o) => {
    const p = basics(o, ['success', 'success']);
    expect(p, o.calls.length === 2, `expected 2 API calls, got ${o.calls.length}`);
    expect(p, (o.calls[1]?.body.messages.length ?? 0) >= 3, 'second request lacks history');
    return p;
  },
};

const compact: Scenario = {
  name: 'compact',
  description:
    'Two turns, then `/compact`: the summary request, status compacting, compact_boundary.',
  turns: ['Remember the word: pineapple.', 'And the number 42.', '/compact'],
  api: () => (call) => {
    if (isCompactRequest(call.body)) {
      return textReply(
        '<analysis>Short chat.</analysis>\n<summary>The user asked to remember "pineapple" and 42.</summary>',
      );
    }
    return textReply('Noted.');
  },
  check: (o) => {
    const p = basics(
      o,
      ofType(o.frames, 'result').map((r) => String(r.subtype)),
    );
    expect(p, ofType(o.frames, 'system', 'compact_boundary').length === 1, 'no compact_boundary');
    expect(
      p,
      o.calls.some((c) => isCompactRequest(c.body)),
      'no summary request reached the API',
    );
    return p;
  },
};

const SUB_MARKER = 'SUBAGENT-TASK-7f3';

/**
 * Main: calls Agent; sub: runs Bash `ls && echo sub > sub.txt` (writes, so it needs a permission
 * prompt), then reports; main: finishes.
 */
function subagentApi(background: boolean): FakeHandler {
  return ({ body }) => {
    const isSub = firstUserText(body).includes(SUB_MARKER);
    const results = lastToolResults(body);
    if (isSub) {
      if (results.length === 0) {
        return toolUseReply(
          {
            name: 'Bash',
            input: { command: 'ls && echo sub > sub.txt', description: 'List files and mark' },
          },
          { text: 'Subagent: listing files.' },
        );
      }
      return textReply('Subagent report: the directory holds seed.txt.');
    }
    const resultText = results.map((r) => JSON.stringify(r.content ?? '')).join(' ');
    if (/Async agent launched/.test(resultText)) {
      return textReply('The subagent is working in the background; I will report when it is done.');
    }
    if (results.length === 0 && !/task-notification/.test(lastUserText(body))) {
      const input: Record<string, unknown> = {
        description: 'List the files',
        prompt: `${SUB_MARKER}: list the files in the working directory and report.`,
        subagent_type: 'general-purpose',
      };
      if (!background) input.run_in_background = false;
      return toolUseReply({ name: 'Agent', input }, { text: 'Delegating to a subagent.' });
    }
    return textReply('Main: the subagent found seed.txt.');
  };
}

const subagent: Scenario = {
  name: 'subagent',
  description:
    'Main model calls Agent (run_in_background:false); the subagent runs Bash (permission prompt, allowed) and reports; main finishes.',
  turns: ['Ask a subagent what files are here.'],
  setup: (cwd) => fs.writeFileSync(path.join(cwd, 'seed.txt'), 'seed\n'),
  api: () => subagentApi(false),
  check: (o) => {
    const p = basics(o, ['success']);
    const agentUse = assistantBlocks(o.frames).find(
      (b) => b.type === 'tool_use' && (b.name === 'Agent' || b.name === 'Task'),
    );
    expect(p, agentUse !== undefined, 'no Agent tool_use');
    const id = String(agentUse?.id);
    const child = o.frames.filter((f) => f.parent_tool_use_id === id);
    expect(p, child.length > 0, 'no frame carries parent_tool_use_id = the Agent tool_use id');
    expect(
      p,
      o.calls.some((c) => firstUserText(c.body).includes(SUB_MARKER)),
      'no subagent API request',
    );
    expect(p, o.file('sub.txt') === 'sub\n', "the subagent's Bash did not run");
    expect(
      p,
      controlRequests(o.frames).length === 1,
      'expected one permission request (from the subagent)',
    );
    return p;
  },
};

const subagentBackground: Scenario = {
  name: 'subagent-background',
  description:
    'Main model calls Agent with the default (background) mode; task_* system frames; the completion notification starts another turn.',
  turns: ['Ask a background subagent what files are here.'],
  results: 2,
  setup: (cwd) => fs.writeFileSync(path.join(cwd, 'seed.txt'), 'seed\n'),
  api: () => subagentApi(true),
  check: (o) => {
    const p = basics(
      o,
      ofType(o.frames, 'result').map((r) => String(r.subtype)),
    );
    expect(
      p,
      o.calls.some((c) => firstUserText(c.body).includes(SUB_MARKER)),
      'no subagent API request',
    );
    expect(p, ofType(o.frames, 'system', 'task_notification').length === 1, 'no task_notification');
    expect(p, o.file('sub.txt') === 'sub\n', "the subagent's Bash did not run");
    return p;
  },
};

const permissionInterrupt: Scenario = {
  name: 'permission-interrupt',
  description:
    'Interrupt while a permission prompt is pending (left unanswered): is the prompt withdrawn (control_cancel_request)? How does the turn end?',
  turns: ['Create late.txt.', 'Just say ok.'],
  api: () => (call) => {
    if (/Just say ok/.test(lastUserText(call.body))) return textReply('ok');
    return toolThenText(
      toolUseReply({
        name: 'Bash',
        input: { command: 'echo late > late.txt', description: 'Create late.txt' },
      }),
      'Should not get here.',
    )(call);
  },
  permission: () => ({ behavior: 'unanswered' }),
  interrupt: { turn: 0, when: (f) => f.type === 'control_request' },
  check: (o) => {
    const p = basics(o, ['error_during_execution', 'success']);
    expect(p, o.file('late.txt') === undefined, 'late.txt exists although never allowed');
    expect(p, ofType(o.frames, 'result').length === 2, 'expected two results');
    expect(p, ofType(o.frames, 'control_cancel_request').length === 1, 'no control_cancel_request');
    return p;
  },
};

const denyInterrupt: Scenario = {
  name: 'deny-interrupt',
  description:
    'Bash denied with `interrupt: true`: the deny also stops the turn (no further API call).',
  turns: ['Remove the build directory.'],
  setup: (cwd) => fs.mkdirSync(path.join(cwd, 'build')),
  api: () =>
    toolThenText(
      toolUseReply({
        name: 'Bash',
        input: { command: 'rm -rf build', description: 'Remove build directory' },
      }),
      'Should not be asked for this.',
    ),
  exitCode: 1,
  permission: () => ({ behavior: 'deny', message: 'Stop right there.', interrupt: true }),
  check: (o) => {
    const p = basics(o, ['error_during_execution']);
    expect(p, fs.existsSync(path.join(o.cwd, 'build')), 'build/ was removed although denied');
    expect(p, o.calls.length === 1, `expected 1 API call, got ${o.calls.length}`);
    return p;
  },
};

/** Answers the question of the resumed process from the history the CLI sent with it. */
const rememberKiwi: Scenario['api'] = () => (call) => {
  if (!/Which word/.test(lastUserText(call.body))) return textReply('I will remember it.');
  const history = call.body.messages.map((m) => messageText(m)).join('\n');
  return textReply(/kiwi/.test(history) ? 'The word was kiwi.' : 'I do not know the word.');
};

function resumedChecks(o: Outcome, sameSession: boolean): string[] {
  const p = basics(o, ['success', 'success']);
  const ids = ofType(o.frames, 'system', 'init').map((f) => f.session_id);
  const distinct = new Set(ids).size;
  expect(p, sameSession ? distinct === 1 : distinct === 2, `session ids ${JSON.stringify(ids)}`);
  expect(
    p,
    ofType(o.frames, 'result').at(-1)?.result === 'The word was kiwi.',
    'the resumed process did not send the earlier turn as history',
  );
  return p;
}

const resume: Scenario = {
  name: 'resume',
  description:
    'One turn, the process exits, a second process with --resume <id> continues the same session.',
  turns: ['Remember the word: kiwi.'],
  resume: { turns: ['Which word did I ask you to remember?'] },
  api: rememberKiwi,
  check: (o) => resumedChecks(o, true),
};

const fork: Scenario = {
  name: 'fork',
  description:
    'One turn, the process exits, a second process with --resume <id> --fork-session goes on in a new session.',
  turns: ['Remember the word: kiwi.'],
  resume: { turns: ['Which word did I ask you to remember?'], fork: true },
  api: rememberKiwi,
  check: (o) => resumedChecks(o, false),
};

/**
 * A Bash command run in the background: its tool result comes at once, the turn ends, and the
 * driver stops the task (`stop_task`) as soon as the CLI announces it; `bg.txt` is never written.
 */
const backgroundBash: Scenario = {
  name: 'background-bash',
  description:
    'Bash with run_in_background: true; the turn ends while it runs; stop_task from the driver stops it.',
  turns: ['Start the slow job in the background.'],
  api: () =>
    toolThenText(
      toolUseReply({
        name: 'Bash',
        input: {
          command: 'sleep 30 && echo late > bg.txt',
          description: 'Slow background job',
          run_in_background: true,
        },
      }),
      'The job runs in the background.',
    ),
  interrupt: {
    turn: 0,
    when: (f) => f.type === 'system' && f.subtype === 'task_started',
    request: (f) => ({ subtype: 'stop_task', task_id: f.task_id }),
  },
  check: (o) => {
    const p = basics(
      o,
      ofType(o.frames, 'result').map((r) => String(r.subtype)),
    );
    expect(p, ofType(o.frames, 'system', 'task_started').length === 1, 'no task_started');
    const ours = o.sent.find((s) => s.type === 'control_request');
    const answered = ofType(o.frames, 'control_response').some(
      (f) => obj(f.response).request_id === ours?.request_id,
    );
    expect(p, answered, 'no control_response to our stop_task');
    expect(p, o.file('bg.txt') === undefined, 'the stopped job still wrote bg.txt');
    return p;
  },
};

/** `/clear` between two turns: the CLI starts a new session, and the second turn has no history. */
const clear: Scenario = {
  name: 'clear',
  description: 'One turn, `/clear`, another turn: conversation_reset and a new session id.',
  turns: ['Remember the word: mango.', '/clear', 'Which word did I ask you to remember?'],
  api: () => (call) => {
    if (!/Which word/.test(lastUserText(call.body))) return textReply('I will remember it.');
    const history = call.body.messages.map((m) => messageText(m)).join('\n');
    return textReply(/mango/.test(history) ? 'The word was mango.' : 'I do not know the word.');
  },
  check: (o) => {
    const p = basics(
      o,
      ofType(o.frames, 'result').map((r) => String(r.subtype)),
    );
    expect(p, ofType(o.frames, 'result').length === 3, 'expected three results');
    expect(
      p,
      ofType(o.frames, 'result').at(-1)?.result === 'I do not know the word.',
      'the turn after /clear still sent the earlier conversation',
    );
    return p;
  },
};

/**
 * A local slash command: it never reaches the API; its output comes as a `<synthetic>` assistant
 * message and a successful result.
 */
const localCommand: Scenario = {
  name: 'local-command',
  description:
    'One turn, then `/cost`: its output in a <synthetic> assistant frame, no API call for it.',
  turns: ['Say ok.', '/cost'],
  api: () => () => textReply('ok'),
  check: (o) => {
    const p = basics(o, ['success', 'success']);
    expect(p, o.calls.length === 1, `expected 1 API call, got ${o.calls.length}`);
    const printed = ofType(o.frames, 'assistant').some(
      (f) =>
        obj(f.message).model === '<synthetic>' &&
        JSON.stringify(obj(f.message).content).includes('Estimated cost'),
    );
    expect(p, printed, "no <synthetic> frame with /cost's output");
    return p;
  },
};

/** `--fallback-model`: the primary model is overloaded (529) on every call; the CLI falls back. */
const modelFallback: Scenario = {
  name: 'model-fallback',
  description:
    'Primary model overloaded (529) on every call with --fallback-model: model_fallback, then the fallback model answers.',
  turns: ['Say ok.'],
  args: ['--fallback-model', 'claude-fallback-9'],
  api: () => (call) =>
    call.body.model === 'claude-fallback-9'
      ? textReply('ok from the fallback')
      : errorReply(529, 'overloaded_error', 'Overloaded'),
  check: (o) => {
    const p = basics(o, ['success']);
    expect(
      p,
      o.calls.some((c) => c.body.model === 'claude-fallback-9'),
      'the fallback model was never asked',
    );
    return p;
  },
};

/** What the recorded user fills into the MCP server's form (`elicit-mcp-server.mjs`). */
export const ELICITED = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  age: 36,
  subscribe: true,
  plan: 'pro',
};

/**
 * An MCP server (`test/support/elicit-mcp-server.mjs`, through `--mcp-config`) whose tools ask the
 * user: a form, accepted with values, then a URL to open, declined. Each tool's result is the
 * server's `ANSWER <what it received>`.
 */
const elicitation: Scenario = {
  name: 'elicitation',
  description:
    'An MCP tool asks for a form (accepted with values), another for a URL (declined); the server gets each answer.',
  turns: ['Ask me for my details, then for consent.'],
  args: ['--mcp-config', JSON.stringify(elicitMcpConfig())],
  api: () => (call) => {
    const answer = JSON.stringify(lastToolResults(call.body)[0]?.content ?? '');
    if (!answer.includes('ANSWER'))
      return toolUseReply({ name: 'mcp__elicit__ask_details', input: {} });
    if (answer.includes('content'))
      return toolUseReply({ name: 'mcp__elicit__open_page', input: {} });
    return textReply('Thanks, noted.');
  },
  elicitation: (request) =>
    request.mode === 'url' ? { action: 'decline' } : { action: 'accept', content: ELICITED },
  check: (o) => {
    const p = basics(o, ['success']);
    const asks = controlRequests(o.frames, 'elicitation').map((f) => obj(f.request));
    expect(
      p,
      JSON.stringify(asks.map((a) => a.mode)) === '["form","url"]',
      'expected a form elicitation, then a URL one',
    );
    const results = toolResults(o.frames).map((r) => JSON.stringify(r.content));
    expect(
      p,
      results[0]?.includes('Ada Lovelace') === true,
      'the form values did not reach the MCP server',
    );
    expect(
      p,
      results[1]?.includes('decline') === true,
      'the URL elicitation was not declined at the server',
    );
    return p;
  },
};

export const SCENARIOS: readonly Scenario[] = [
  plainText,
  toolAllowed,
  toolDenied,
  parallelTools,
  write,
  readNoPrompt,
  thinking,
  apiError,
  maxTurns,
  interrupt,
  steer,
  twoTurns,
  compact,
  subagent,
  subagentBackground,
  permissionInterrupt,
  denyInterrupt,
  resume,
  fork,
  backgroundBash,
  clear,
  localCommand,
  modelFallback,
  elicitation,
];

export function scenarioByName(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}
