// Submitted prompts for Up/Down in the editor. Browsing starts from the newest; the text being
// typed when browsing began (the draft) comes back after the newest entry.

export class PromptHistory {
  private readonly entries: string[] = [];
  private index = -1;
  private draft = "";

  remember(text: string): void {
    if (text.trim() && this.entries[this.entries.length - 1] !== text) this.entries.push(text);
    this.index = -1;
  }

  reset(): void {
    this.index = -1;
  }

  /** The text to show after one step older (-1) or newer (+1); undefined when there is none. */
  browse(direction: -1 | 1, current: () => string): string | undefined {
    if (this.entries.length === 0) return undefined;
    if (this.index === -1) {
      if (direction === 1) return undefined;
      this.draft = current();
      this.index = this.entries.length - 1;
      return this.entries[this.index];
    }
    const next = this.index + direction;
    if (next < 0) return undefined;
    if (next >= this.entries.length) {
      this.index = -1;
      return this.draft;
    }
    this.index = next;
    return this.entries[next];
  }
}
