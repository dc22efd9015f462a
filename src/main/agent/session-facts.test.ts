import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/agent-event';
import { ClaudeTranslator } from './claude-translator';
import { contextUsageEvent, initializeEvents } from './session-facts';

function translate(frames: Record<string, unknown>[]): AgentEvent[] {
  const translator = new ClaudeTranslator();
  return frames.flatMap((frame) => translator.pushLine(JSON.stringify(frame)));
}

describe('initializeEvents', () => {
  // Trimmed from the pinned CLI's answer to `initialize` (2.1.332, a live run).
  const answer = {
    commands: [
      { name: 'debug', description: 'Enable debug logging', argumentHint: '[issue description]' },
      { name: 'clear', description: 'Clear conversation history', argumentHint: '' },
      { name: 42 },
    ],
    models: [
      {
        value: 'default',
        resolvedModel: 'claude-opus-5-5',
        displayName: 'Default (recommended)',
        description: 'Use the default model (currently Opus 5.5)',
      },
      { value: 'haiku', resolvedModel: 'claude-haiku-5-5', displayName: 'Haiku' },
      { displayName: 'no value' },
    ],
    account: { apiKeySource: 'ANTHROPIC_API_KEY' },
  };

  it('lists every command with its description and argument hint, and the models', () => {
    expect(initializeEvents(answer)).toEqual([
      {
        type: 'slash_commands',
        commands: [
          {
            name: 'debug',
            description: 'Enable debug logging',
            argument_hint: '[issue description]',
          },
          { name: 'clear', description: 'Clear conversation history' },
        ],
      },
      {
        type: 'models',
        models: [
          {
            value: 'default',
            display_name: 'Default (recommended)',
            description: 'Use the default model (currently Opus 5.5)',
            resolved_model: 'claude-opus-5-5',
          },
          { value: 'haiku', display_name: 'Haiku', resolved_model: 'claude-haiku-5-5' },
        ],
      },
    ]);
  });

  it('says nothing about what the answer does not list', () => {
    expect(initializeEvents({})).toEqual([]);
  });

  it('says at once that a CLI with no credentials is not logged in, and nothing of one that is', () => {
    const none = { tokenSource: 'none', apiProvider: 'firstParty' };
    expect(initializeEvents({ account: none })).toEqual([
      {
        type: 'error',
        subtype: 'not_logged_in',
        message: expect.stringMatching(/^Not logged in/),
      },
    ]);
    for (const account of [
      { ...none, apiKeySource: 'ANTHROPIC_API_KEY' },
      { ...none, apiKeySource: 'apiKeyHelper' },
      { tokenSource: 'claude.ai', apiProvider: 'firstParty' },
      { tokenSource: 'none', apiProvider: 'bedrock' },
    ])
      expect(initializeEvents({ account })).toEqual([]);
    expect(initializeEvents({ commands: 'x', models: [] })).toEqual([]);
  });
});

describe('contextUsageEvent', () => {
  it('takes the total of the window the CLI counts', () => {
    expect(contextUsageEvent({ totalTokens: 10853, maxTokens: 1000000, percentage: 1 })).toEqual({
      type: 'context_usage',
      tokens: 10853,
      window: 1000000,
    });
    expect(contextUsageEvent({ totalTokens: 5, maxTokens: 0 })).toBeNull();
    expect(contextUsageEvent({ totalTokens: '5', maxTokens: 10 })).toBeNull();
  });
});

describe('ClaudeTranslator: prompts, suggestions, commands and the context in use', () => {
  it('reports each prompt’s progress by its uuid and a suggestion after the turn', () => {
    expect(
      translate([
        { type: 'command_lifecycle', command_uuid: 'u1', state: 'queued', uuid: 'x' },
        { type: 'command_lifecycle', command_uuid: 'u1', state: 'started', uuid: 'y' },
        { type: 'prompt_suggestion', suggestion: 'Run the tests', uuid: 'z', session_id: 's' },
        { type: 'prompt_suggestion', suggestion: '  ' },
      ]),
    ).toEqual([
      { type: 'prompt_state', uuid: 'u1', state: 'queued' },
      { type: 'prompt_state', uuid: 'u1', state: 'started' },
      { type: 'prompt_suggestion', text: 'Run the tests' },
    ]);
  });

  it('replaces the command list on commands_changed', () => {
    expect(
      translate([
        {
          type: 'system',
          subtype: 'commands_changed',
          commands: [{ name: 'review', description: 'Review the diff', argumentHint: '<pr>' }],
        },
      ]),
    ).toEqual([
      {
        type: 'slash_commands',
        commands: [{ name: 'review', description: 'Review the diff', argument_hint: '<pr>' }],
      },
    ]);
  });

  it('gives the context as the last API call’s usage, not the turn’s summed usage', () => {
    const assistant = (id: string, input: number, cacheRead: number) => ({
      type: 'assistant',
      message: {
        id,
        model: 'claude-opus-5-5',
        content: [{ type: 'text', text: 'x' }],
        usage: { input_tokens: input, cache_read_input_tokens: cacheRead, output_tokens: 10 },
      },
      parent_tool_use_id: null,
    });
    const subagent = { ...assistant('sub', 90_000, 0), parent_tool_use_id: 'agent-tool' };
    const events = translate([
      assistant('m1', 1000, 0),
      subagent,
      assistant('m2', 200, 1500),
      {
        type: 'result',
        subtype: 'success',
        is_error: false,
        result: 'x',
        total_cost_usd: 0.01,
        usage: { input_tokens: 91_200, cache_read_input_tokens: 1500, output_tokens: 30 },
      },
    ]);
    expect(events.find((e) => e.type === 'cost')).toMatchObject({ context_tokens: 1710 });
  });
});
