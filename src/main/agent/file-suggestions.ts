import { isRecord } from '../../shared/is-record';

/**
 * The paths of the CLI's answer to `file_suggestions`: `{suggestions: [{path}]}`, each relative
 * to its folder (a folder ends in `/`) or absolute. Entries of any other shape are left out.
 */
export function suggestedPaths(response: Record<string, unknown>): string[] {
  const suggestions = response['suggestions'];
  if (!Array.isArray(suggestions)) return [];
  return suggestions.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry['path'] === 'string' && entry['path'] ? [entry['path']] : [],
  );
}
