/**
 * Up/Down recall over the session's earlier prompts, like a shell's history: Up walks back from
 * the newest, Down walks forward and ends on the draft that was being typed when the walk began.
 * The prompts are passed on each call, since they come from the transcript and grow meanwhile.
 */
export class PromptHistory {
  /** Index into the prompts while walking; null while on the draft. */
  private position: number | null = null;
  private draft = '';

  /** The prompt before the current one, or null at the oldest (or with none). */
  previous(prompts: readonly string[], current: string): string | null {
    if (this.position === null) {
      if (prompts.length === 0) return null;
      this.draft = current;
      this.position = prompts.length;
    }
    if (this.position === 0) return null;
    this.position = Math.min(this.position, prompts.length) - 1;
    return prompts[this.position]!;
  }

  /** The next prompt, the draft after the newest, or null when not walking. */
  next(prompts: readonly string[]): string | null {
    if (this.position === null) return null;
    this.position++;
    if (this.position < prompts.length) return prompts[this.position]!;
    this.position = null;
    return this.draft;
  }

  /** A message was sent: the next walk starts from the newest again. */
  reset(): void {
    this.position = null;
    this.draft = '';
  }
}
