/**
 * A long, realistic agent transcript made of AgentEvents: turns of a user message, streamed
 * Markdown, a Bash tool with its output, an Edit, and the turn's cost. For load tests of views.
 */
import type { AgentEvent } from '../../src/shared/agent-event';

export function syntheticEvents(count: number): AgentEvent[] {
  const events: AgentEvent[] = [];
  for (let turn = 0; events.length < count; turn++) {
    const id = `toolu_${turn}`;
    const turnEvents: AgentEvent[] = [
      { type: 'user_message', text: `Question ${turn}: what is in src/module-${turn}.ts?` },
      { type: 'thinking', text: `Looking at module ${turn}.`, parent_tool_use_id: null },
      {
        type: 'assistant_text',
        text: `Let me look at **module ${turn}**.`,
        parent_tool_use_id: null,
      },
      {
        type: 'tool_use',
        id,
        name: 'Bash',
        input: { command: `cat src/module-${turn}.ts` },
        parent_tool_use_id: null,
      },
      {
        type: 'tool_result',
        tool_use_id: id,
        content: `export const value${turn} = ${turn};\n`.repeat(5),
        is_error: false,
        parent_tool_use_id: null,
      },
      {
        type: 'tool_use',
        id: `${id}_edit`,
        name: 'Edit',
        input: {
          file_path: `src/module-${turn}.ts`,
          old_string: `= ${turn}`,
          new_string: `= ${turn + 1}`,
        },
        parent_tool_use_id: null,
      },
      {
        type: 'tool_result',
        tool_use_id: `${id}_edit`,
        content: 'ok',
        is_error: false,
        parent_tool_use_id: null,
      },
      {
        type: 'assistant_text',
        text: `Module ${turn} exports \`value${turn}\`:\n\n\`\`\`ts\nexport const value${turn} = ${turn + 1};\n\`\`\`\n\nReply ${turn} done.`,
        parent_tool_use_id: null,
      },
      {
        type: 'cost',
        cost_usd: 0.01 * (turn + 1),
        usage: {
          input_tokens: 100 * turn,
          output_tokens: 20 * turn,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
      { type: 'done', response: `Reply ${turn} done.` },
    ];
    events.push(...turnEvents);
  }
  return events.slice(0, count);
}

/** One API reply of a synthetic on-disk session: when, by which model, with what usage. */
export interface SyntheticReply {
  at: string;
  model: string;
  input: number;
  output: number;
  cacheRead?: number;
  cacheCreation?: number;
  /** Content blocks: the CLI writes one entry per block, each repeating the reply's usage. */
  blocks?: number;
}

/**
 * A session file as the CLI writes it under `~/.claude/projects/<folder>/<id>.jsonl` (entries
 * shaped as in test/conformance/recordings/on-disk): a prompt and its reply per element of
 * `replies`, then, when `costUsd` is given, the `cost-state` the CLI appends when its process ends.
 */
export function syntheticSessionFile(
  sessionId: string,
  cwd: string,
  replies: readonly SyntheticReply[],
  costUsd?: number,
): string {
  const common = { sessionId, cwd, version: '2.1.332', entrypoint: 'cli', isSidechain: false };
  const entries: object[] = [];
  replies.forEach((reply, index) => {
    entries.push({
      ...common,
      type: 'user',
      uuid: `${sessionId}-u${index}`,
      timestamp: reply.at,
      message: { role: 'user', content: `Question ${index}` },
    });
    const usage = {
      input_tokens: reply.input,
      output_tokens: reply.output,
      cache_read_input_tokens: reply.cacheRead ?? 0,
      cache_creation_input_tokens: reply.cacheCreation ?? 0,
    };
    for (let block = 0; block < (reply.blocks ?? 1); block++)
      entries.push({
        ...common,
        type: 'assistant',
        uuid: `${sessionId}-a${index}-${block}`,
        timestamp: reply.at,
        message: {
          id: `msg_${sessionId}_${index}`,
          type: 'message',
          role: 'assistant',
          model: reply.model,
          content: [{ type: 'text', text: `Answer ${index}.${block}` }],
          usage,
        },
      });
  });
  if (costUsd !== undefined) entries.push({ type: 'cost-state', sessionId, totalCostUSD: costUsd });
  return entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
}
