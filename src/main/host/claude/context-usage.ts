import { isRecord } from '../../../shared/is-record';
import { nonEmpty, num, str } from '../../../shared/json-fields';
import type { ContextCategory, ContextUsage } from '../../../shared/contract/usage';

type Json = Record<string, unknown>;

const KINDS = new Set<ContextCategory['kind']>(['used', 'deferred', 'buffer', 'free']);

const tokensOf = (value: unknown): number => Math.max(0, Math.round(num(value) ?? 0));

const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/**
 * The CLI's answer to `get_context_usage` (docs/protocol.md, "Context usage and usage"), kept to
 * what the dialog shows: the categories /context lists, the memory files and MCP tools in them.
 * Rejects an answer without a window or categories: there would be nothing true to show.
 */
export function contextUsageOf(answer: Json): ContextUsage {
  const maxTokens = tokensOf(answer['maxTokens']);
  const categories: ContextCategory[] = records(answer['categories']).flatMap((category) => {
    const kind = str(category['kind']) as ContextCategory['kind'] | null;
    const name = nonEmpty(category['name']);
    if (!kind || !KINDS.has(kind) || !name) return [];
    return [{ id: str(category['id']) ?? name, name, tokens: tokensOf(category['tokens']), kind }];
  });
  if (!(maxTokens > 0) || categories.length === 0)
    throw new Error('Claude Code did not say what fills the context window.');
  return {
    model: str(answer['model']) ?? '',
    maxTokens,
    totalTokens: tokensOf(answer['totalTokens']),
    categories,
    memoryFiles: records(answer['memoryFiles']).map((file) => ({
      path: str(file['path']) ?? '',
      type: str(file['type']) ?? '',
      tokens: tokensOf(file['tokens']),
    })),
    mcpTools: records(answer['mcpTools']).map((tool) => ({
      name: str(tool['name']) ?? '',
      serverName: str(tool['serverName']) ?? '',
      tokens: tokensOf(tool['tokens']),
    })),
    autoCompactThreshold:
      answer['isAutoCompactEnabled'] === false ? null : tokensOf(answer['autoCompactThreshold']),
  };
}
