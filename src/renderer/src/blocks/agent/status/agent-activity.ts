import type { BlockActivity } from '../../block-activity';
import { formatCost } from '../model/format';
import type { AgentSnapshot } from '../model/agent-store';
import type { PendingPrompt } from '../model/pending-prompts';
import type { PendingRequest } from '../model/permission-queue';
import type { TranscriptItem } from '../model/transcript-model';
import { toolSummary } from '../model/tool-summary';
import { isInterruption } from '../transcript/error-advice';

type AgentActivity = Extract<BlockActivity, { kind: 'agent' }>;

const onItsWay = (prompt: PendingPrompt) =>
  prompt.state === 'sending' || prompt.state === 'queued' || prompt.state === 'starting';

/** What the block tells the workspace beyond its snapshot. */
export interface TurnFacts {
  /** When the turn in progress started (epoch ms); null between turns. */
  turnStartedAt: number | null;
  /** A turn ran while the block was open: only then is its end news (`Done`/`Error`). */
  turnEnded: boolean;
  /** A request of the block's own that failed (sending a prompt, interrupting, …). */
  requestError: string | null;
}

/** The agent block's state for its frame, the top bar's count and notifications. */
export function agentActivity(snapshot: AgentSnapshot, facts: TurnFacts): AgentActivity {
  switch (snapshot.status) {
    case 'starting':
      return { kind: 'agent', status: 'Starting' };
    case 'exited':
      return { kind: 'agent', status: 'Exited' };
    case 'waiting for permission':
      return { kind: 'agent', status: 'Needs you', detail: waitingFor(snapshot.pending[0]) };
    case 'thinking':
    case 'writing':
    case 'running a tool':
    case 'compacting':
    case 'not responding':
      return {
        kind: 'agent',
        status: 'Working',
        detail:
          snapshot.runningTools.length > 0 ? snapshot.runningTools.join(', ') : snapshot.status,
        since: facts.turnStartedAt ?? undefined,
      };
    case 'idle':
      if (facts.requestError) return { kind: 'agent', status: 'Error', detail: facts.requestError };
      // A message the CLI has not taken up yet (sent while it started, say) is work a close
      // would lose: the block is not idle until it has run.
      if (snapshot.sending.some(onItsWay)) return { kind: 'agent', status: 'Working' };
      return facts.turnEnded ? turnOutcome(snapshot.items) : { kind: 'agent', status: 'Idle' };
  }
}

// How the last turn ended, from what the transcript holds after its prompt.
function turnOutcome(items: readonly TranscriptItem[]): AgentActivity {
  const lastPrompt = items.findLastIndex((item) => item.kind === 'user');
  const turn = items.slice(lastPrompt + 1);
  const error = turn.findLast((item) => item.kind === 'error');
  // A turn the user stopped waits for the next message like any other: neither red nor news.
  if (error && isInterruption(error.subtype, error.message)) {
    return { kind: 'agent', status: 'Idle', detail: 'Interrupted' };
  }
  if (error) return { kind: 'agent', status: 'Error', detail: error.message };
  const answer = turn.findLast((item) => item.kind === 'assistant');
  const cost = turn.findLast((item) => item.kind === 'turn_cost');
  const firstLine = answer?.text.trim().split('\n')[0]?.trim();
  const detail = [firstLine, cost && formatCost(cost.cost_usd)].filter(Boolean).join(' · ');
  return { kind: 'agent', status: 'Done', detail: detail || undefined };
}

// What waits for the user: a plan, a question, an MCP server's form, or a tool with what it would
// do (the command, the file), as the permission prompt shows it.
function waitingFor(request: PendingRequest | undefined): string | undefined {
  if (!request) return undefined;
  if (request.type === 'elicitation_request') return `A form from ${request.server_name}`;
  if (request.tool_name === 'ExitPlanMode') return 'A plan to approve';
  if (request.tool_name === 'AskUserQuestion') {
    const question = firstQuestion(request.input);
    return question ? `Question: ${question}` : 'A question';
  }
  const summary = toolSummary(request.tool_name, request.input);
  return `Permission for ${request.tool_name}${summary ? `: ${summary}` : ''}`;
}

function firstQuestion(input: Record<string, unknown>): string | undefined {
  const [first] = Array.isArray(input['questions']) ? (input['questions'] as unknown[]) : [];
  const question =
    first && typeof first === 'object' ? (first as Record<string, unknown>)['question'] : undefined;
  return typeof question === 'string' ? question : undefined;
}
