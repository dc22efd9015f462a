/**
 * Collects the bytes xterm has finished parsing and reports them in steps of at least
 * `step`, so the host learns of progress without a message per write, as VS Code's terminal
 * does (docs/architecture.md, "Data flow").
 */
export class Acknowledgements {
  private parsed = 0;

  constructor(
    private readonly report: (bytes: number) => void,
    private readonly step = 5_000,
  ) {}

  add(bytes: number): void {
    this.parsed += bytes;
    if (this.parsed >= this.step) {
      this.report(this.parsed);
      this.parsed = 0;
    }
  }
}
