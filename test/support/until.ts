/** Waits until `condition` holds, polling; fails naming `what` once `ms` have passed. */
export async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Reads with `read` (asking a process, say) every 100 ms until what it returns `satisfies`, and
 * resolves to that; fails naming `what` and the last value once `ms` have passed.
 */
export async function untilRead<T>(
  read: () => Promise<T>,
  satisfies: (value: T) => boolean,
  what: string,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (satisfies(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads `read` until it has not changed for `quietMs`, and resolves to that value. */
export async function steady<T>(read: () => T, quietMs = 150): Promise<T> {
  let before = read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = read();
    if (now === before) return now;
    before = now;
  }
}
