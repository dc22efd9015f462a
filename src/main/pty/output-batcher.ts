/**
 * Joins chunks that arrive within `intervalMs` of the first one into a single delivery, so a
 * chatty producer costs one message per interval instead of one per read. A batch that reaches
 * `maxChars` goes at once: under a flood, waiting out the interval only leaves the viewer idle.
 * The owner may change `maxChars` as it learns how much the viewer takes at a time.
 */
export class OutputBatcher {
  private chunks: string[] = [];
  private size = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (data: string) => void,
    private readonly intervalMs = 5,
    public maxChars = 64 * 1024,
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
    const data = this.chunks.join('');
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
