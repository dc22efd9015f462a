import type { AgentEvent, ModelOption, SlashCommand } from '../../../../../shared/agent-event';

export interface SessionInfo {
  sessionId: string | null;
  model: string | null;
  cwd: string | null;
  permissionMode: string | null;
  slashCommands: readonly SlashCommand[];
  /** The models `set_model` can switch to. */
  models: readonly ModelOption[];
  /** Claude Code's guess at the next prompt, until the user sends or sets it aside. */
  suggestion: string | null;
}

/** What the CLI is doing within a turn, as far as its events tell. */
export interface TurnActivity {
  inTurn: boolean;
  compacting: boolean;
  /** Names of the tools started in this turn that have no result yet, oldest first. */
  runningTools: readonly string[];
  /** The reply's text is streaming in (its last delta was text, not thinking). */
  writing: boolean;
}

const idle: TurnActivity = { inTurn: false, compacting: false, runningTools: [], writing: false };

/**
 * Follows the session's self-description (`session_started`, `status`, its commands and models)
 * and the turn in flight.
 */
export class SessionSummary {
  private infoValue: SessionInfo = {
    sessionId: null,
    model: null,
    cwd: null,
    permissionMode: null,
    slashCommands: [],
    models: [],
    suggestion: null,
  };
  /** The commands came with descriptions (`slash_commands`): `init`'s bare names do not replace them. */
  private describedCommands = false;
  private activityValue: TurnActivity = idle;
  private readonly running = new Map<string, string>();

  get info(): SessionInfo {
    return this.infoValue;
  }

  get activity(): TurnActivity {
    return this.activityValue;
  }

  apply(events: readonly AgentEvent[]): void {
    for (const event of events) this.applyOne(event);
  }

  /** The user sent a prompt or set the suggestion aside. */
  dismissSuggestion(): void {
    if (this.infoValue.suggestion !== null)
      this.infoValue = { ...this.infoValue, suggestion: null };
  }

  /** The turn is over whatever its events said (interrupted, or the process is gone). */
  endTurn(): void {
    this.running.clear();
    this.activityValue = idle;
  }

  private applyOne(event: AgentEvent): void {
    switch (event.type) {
      case 'session_started':
        this.infoValue = {
          ...this.infoValue,
          sessionId: event.session_id,
          model: event.model,
          cwd: event.cwd,
          permissionMode: event.permission_mode,
          slashCommands: this.describedCommands
            ? this.infoValue.slashCommands
            : event.slash_commands.map((name) => ({ name })),
        };
        return;
      case 'slash_commands':
        this.describedCommands = true;
        this.infoValue = { ...this.infoValue, slashCommands: event.commands };
        return;
      case 'models':
        this.infoValue = { ...this.infoValue, models: event.models };
        return;
      case 'prompt_suggestion':
        this.infoValue = { ...this.infoValue, suggestion: event.text };
        return;
      case 'status':
        if (event.permission_mode) {
          this.infoValue = { ...this.infoValue, permissionMode: event.permission_mode };
        }
        this.setActivity({
          inTurn: this.activityValue.inTurn || event.status !== null,
          compacting: event.status === 'compacting',
        });
        return;
      case 'user_message':
        this.dismissSuggestion();
        this.setActivity({ inTurn: true, writing: false });
        return;
      // A subagent's words are part of its tool's run, which the status names instead.
      case 'assistant_text':
      case 'thinking':
        if (event.parent_tool_use_id === null)
          this.setActivity({ writing: event.type === 'assistant_text' });
        return;
      case 'compaction_boundary':
        this.setActivity({ compacting: false });
        return;
      case 'tool_use':
        this.running.set(event.id, event.name);
        this.setActivity({ inTurn: true, writing: false });
        return;
      case 'tool_result':
        this.running.delete(event.tool_use_id);
        // The model reads the result next: nothing is written until its next text arrives.
        this.setActivity({ writing: false });
        return;
      case 'done':
      case 'error':
        this.endTurn();
        return;
    }
  }

  private setActivity(patch: Partial<TurnActivity>): void {
    this.activityValue = {
      ...this.activityValue,
      ...patch,
      runningTools: [...this.running.values()],
    };
  }
}
