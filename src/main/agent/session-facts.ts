import type { AgentEvent, ModelOption, SlashCommand } from '../../shared/agent-event';
import { isRecord } from '../../shared/is-record';

/**
 * What the CLI says about the session outside the stream of a turn: the answers to `initialize`
 * and `get_context_usage`, and `system/commands_changed`, each read into AgentEvents. Fields of
 * the wrong type are left out rather than failing the whole answer.
 */

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/** Slash commands as the CLI lists them (`{name, description, argumentHint}`); null if no list. */
export function slashCommandsOf(value: unknown): SlashCommand[] | null {
  if (!Array.isArray(value)) return null;
  const commands: SlashCommand[] = [];
  for (const entry of value) {
    const name = isRecord(entry) ? text(entry['name']) : null;
    if (!isRecord(entry) || name === null) continue;
    const command: SlashCommand = { name };
    const description = text(entry['description']);
    if (description !== null) command.description = description;
    const hint = text(entry['argumentHint']);
    if (hint !== null) command.argument_hint = hint;
    commands.push(command);
  }
  return commands;
}

function modelsOf(value: unknown): ModelOption[] | null {
  if (!Array.isArray(value)) return null;
  const models: ModelOption[] = [];
  for (const entry of value) {
    const id = isRecord(entry) ? text(entry['value']) : null;
    if (!isRecord(entry) || id === null) continue;
    const model: ModelOption = { value: id, display_name: text(entry['displayName']) ?? id };
    const description = text(entry['description']);
    if (description !== null) model.description = description;
    const resolved = text(entry['resolvedModel']);
    if (resolved !== null) model.resolved_model = resolved;
    models.push(model);
  }
  return models;
}

/** The commands and models the `initialize` answer announces. */
export function initializeEvents(response: Record<string, unknown>): AgentEvent[] {
  const events: AgentEvent[] = [];
  const commands = slashCommandsOf(response['commands']);
  if (commands) events.push({ type: 'slash_commands', commands });
  const models = modelsOf(response['models']);
  if (models?.length) events.push({ type: 'models', models });
  if (loggedOut(response['account'])) {
    // The CLI refuses nothing until the first prompt: the block says so before it is typed.
    events.push({
      type: 'error',
      subtype: 'not_logged_in',
      message: 'Not logged in: Claude Code has no credentials here (no Claude login, no API key).',
    });
  }
  return events;
}

/**
 * The `initialize` answer's account of a CLI with no credentials at all: no token and no API key
 * (of a key's own or a helper's), talking to Anthropic (a cloud provider signs in its own way).
 */
function loggedOut(account: unknown): boolean {
  return (
    isRecord(account) &&
    account['tokenSource'] === 'none' &&
    (account['apiKeySource'] === undefined || account['apiKeySource'] === 'none') &&
    (account['apiProvider'] ?? 'firstParty') === 'firstParty'
  );
}

/** The context in use from the `get_context_usage` answer (`totalTokens` of `maxTokens`). */
export function contextUsageEvent(response: Record<string, unknown>): AgentEvent | null {
  const tokens = response['totalTokens'];
  const window = response['maxTokens'];
  if (typeof tokens !== 'number' || typeof window !== 'number' || !(window > 0)) return null;
  if (!Number.isFinite(tokens) || tokens < 0) return null;
  return { type: 'context_usage', tokens, window };
}
