/**
 * The deepest nesting of objects and arrays accepted from the CLI. Everything downstream of a
 * frame - JSON.stringify for the event log and the wire, structured clone over IPC, zod, the
 * renderer's views of tool input - recurses once per level and overflows the stack somewhere
 * between a few thousand levels and fewer, depending on the frames already on the stack. A real
 * frame nests about ten levels (frame, message, content, block, tool input, …); 200 leaves room
 * for any real tool input while staying far below every recursive consumer's limit.
 */
export const MAX_NESTING_DEPTH = 200;

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (a scalar is 0 levels,
 * `{}` one). Iterative, one level at a time, so measuring a hostile value cannot itself overflow
 * the stack; it visits only containers, so long strings cost nothing.
 */
export function nestsDeeperThan(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  let level: object[] = [value];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > limit) return true;
    const next: object[] = [];
    // Indexed loops and for-in: this runs on every frame, and they beat iterators and
    // Object.values by a third here.
    for (let i = 0; i < level.length; i++) {
      const node = level[i] as Record<string, unknown> | unknown[];
      if (Array.isArray(node)) {
        for (let j = 0; j < node.length; j++) {
          const child = node[j];
          if (typeof child === 'object' && child !== null) next.push(child);
        }
      } else {
        for (const key in node) {
          const child = node[key];
          if (typeof child === 'object' && child !== null) next.push(child);
        }
      }
    }
    level = next;
  }
  return false;
}

const OPENING_BRACKETS = ['{', '['] as const;

/**
 * Whether the JSON text `json` could nest more than `limit` levels: each level opens with a `{` or
 * `[` of its own, so a text with at most `limit` of them (counting those inside strings too)
 * cannot, and one of at most 2 × `limit` characters cannot either. indexOf searches natively, so
 * this costs a small part of parsing the text, where measuring the parsed value visits every key
 * of it; only a text this cannot clear needs nestsDeeperThan.
 */
export function mayNestDeeperThan(json: string, limit = MAX_NESTING_DEPTH): boolean {
  if (json.length <= 2 * limit) return false;
  let opened = 0;
  for (const bracket of OPENING_BRACKETS) {
    for (let at = json.indexOf(bracket); at !== -1; at = json.indexOf(bracket, at + 1)) {
      if (++opened > limit) return true;
    }
  }
  return false;
}
