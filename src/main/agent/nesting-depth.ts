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
 * `{}` one). Iterative, so measuring a hostile value cannot itself overflow the stack; it visits
 * only containers, so long strings cost nothing.
 */
export function nestsDeeperThan(value: unknown, limit = MAX_NESTING_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const child of node as unknown[]) {
        if (typeof child === 'object' && child !== null) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in node) {
        const child = (node as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}
