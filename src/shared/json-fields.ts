/**
 * Readers of single fields of parsed JSON (CLI frames, transcripts, answers): each gives the value
 * when it has the expected type and a neutral one otherwise, so a field of the wrong type is left
 * out rather than failing the whole object.
 */

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A string with at least one character: for optional fields that an empty one would only blank. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A finite number: JSON has no NaN or Infinity, but a reader must not pass one on either. */
export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** The strings of an array, in order; anything else in it is skipped. */
export function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
