/**
 * Earlier prompts for Up/Down recall, like a shell's history: Up walks back from the newest,
 * Down walks forward and ends on the draft that was being typed before the walk began.
 */
export class PromptHistory {
  private readonly entries: string[] = [];
  /** Position while walking; `entries.length` means "at the draft". */
  private position = 0;
  private draft = '';

  add(prompt: string): void {
    if (this.entries.at(-1) !== prompt) this.entries.push(prompt);
    this.position = this.entries.length;
    this.draft = '';
  }

  /** The prompt before the current one, or null at the oldest. */
  previous(current: string): string | null {
    if (this.position === 0) return null;
    if (this.position === this.entries.length) this.draft = current;
    this.position--;
    return this.entries[this.position]!;
  }

  /** The next prompt, the draft after the newest, or null when not walking. */
  next(): string | null {
    if (this.position >= this.entries.length) return null;
    this.position++;
    return this.position === this.entries.length ? this.draft : this.entries[this.position]!;
  }
}
