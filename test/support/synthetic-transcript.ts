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
