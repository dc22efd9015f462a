/**
 * Joins chunks that arrive within `intervalMs` of the first one into a single delivery, so a
 * chatty producer costs one message per interval instead of one per read. A batch that reaches
 * `maxChars` goes at once: under a flood, waiting out the interval only leaves the viewer idle.
 * The owner may change `maxChars` as it learns how much the viewer takes at a time.
 *
 * `join` makes the delivery of a batch's chunks, in order: by default the text they make. An owner
 * that wants bytes writes the chunks into them one by one: joined first, a flood's batch (up to
 * 256 K characters) was one more string of its size to collect, in the heap's large-object
 * space, for each batch (docs/perf.md).
 */
export class OutputBatcher<T = string> {
  private chunks: string[] = [];
  private size = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (data: T) => void,
    private readonly intervalMs = 5,
    public maxChars = 64 * 1024,
    private readonly join: (chunks: string[]) => T = (chunks) => chunks.join('') as T,
  ) {}

  push(chunk: string): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size >= this.maxChars) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.chunks.length === 0) return;
    const data = this.join(this.chunks);
    this.chunks = [];
    this.size = 0;
    this.deliver(data);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.chunks = [];
    this.size = 0;
  }
}
