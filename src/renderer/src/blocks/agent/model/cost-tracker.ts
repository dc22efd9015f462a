import type { AgentEvent, Usage } from '../../../../../shared/agent-event';

type CostEvent = AgentEvent & { type: 'cost' };

export interface TurnCost {
  cost_usd: number;
  input_tokens: number;
  output_tokens: number;
  duration_ms?: number;
}

export interface CostTotals {
  cost_usd: number;
  input_tokens: number;
  output_tokens: number;
  /** Tokens the model last saw (prompt, caches and its reply), when known. */
  context_tokens: number | null;
  context_window: number | null;
}

/** Everything the model read in one turn: fresh input and both kinds of cache. */
function inputTokens(usage: Usage): number {
  return usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
}

/**
 * Turns the CLI's `cost` events into per-turn figures and session totals. `cost_usd` is a running
 * total for one CLI process, so a turn costs the difference from the previous total; a total that
 * went down means a new process (a resumed session) started counting from zero.
 */
export class CostTracker {
  private processTotal = 0;
  private earlierProcesses = 0;
  private totals: CostTotals = {
    cost_usd: 0,
    input_tokens: 0,
    output_tokens: 0,
    context_tokens: null,
    context_window: null,
  };

  add(event: CostEvent): TurnCost {
    const restarted = event.cost_usd < this.processTotal;
    if (restarted) this.earlierProcesses += this.processTotal;
    const turnCost = restarted ? event.cost_usd : event.cost_usd - this.processTotal;
    this.processTotal = event.cost_usd;
    const input = inputTokens(event.usage);
    const output = event.usage.output_tokens;
    this.totals = {
      cost_usd: this.earlierProcesses + this.processTotal,
      input_tokens: this.totals.input_tokens + input,
      output_tokens: this.totals.output_tokens + output,
      // The turn's usage sums its API calls; the context is what the last one read and wrote.
      // A turn that used no tokens (a local command) says nothing about it.
      context_tokens: event.context_tokens || this.totals.context_tokens,
      context_window: event.context_window ?? this.totals.context_window,
    };
    const turn: TurnCost = { cost_usd: turnCost, input_tokens: input, output_tokens: output };
    if (event.duration_ms !== undefined) turn.duration_ms = event.duration_ms;
    return turn;
  }

  /** The context as the CLI counts it (`get_context_usage`): what the meter shows until the next turn. */
  contextUsage(tokens: number, window: number): void {
    this.totals = { ...this.totals, context_tokens: tokens, context_window: window };
  }

  /** After compaction the context holds what the summary left. */
  compacted(postTokens: number | undefined): void {
    if (postTokens !== undefined) this.totals = { ...this.totals, context_tokens: postTokens };
  }

  /** A cleared conversation (`/clear`): its cost and context count from zero, as the CLI's do. */
  cleared(): void {
    this.processTotal = 0;
    this.earlierProcesses = 0;
    this.totals = {
      cost_usd: 0,
      input_tokens: 0,
      output_tokens: 0,
      context_tokens: null,
      context_window: this.totals.context_window,
    };
  }

  get current(): CostTotals {
    return this.totals;
  }
}
