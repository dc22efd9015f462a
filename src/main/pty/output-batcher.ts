/**
 * Joins chunks that arrive within `intervalMs` of the first one into a single delivery, so a
 * chatty producer costs one message per interval instead of one per read.
 */
export class OutputBatcher {
  private chunks: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (data: string) => void,
    private readonly intervalMs = 5,
  ) {}

  push(chunk: string): void {
    this.chunks.push(chunk);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.chunks.length === 0) return;
    const data = this.chunks.join('');
    this.chunks = [];
    this.deliver(data);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.chunks = [];
  }
}
