// Which user messages of this process have no snapshot yet, and whether a tool that may change
// files must wait for one. A snapshot is due before the first such tool call after a user message,
// and before the first one of the process (nothing is known of what happened before it: a run no
// user message started, an extension's, is covered too). A run that changes no file takes none.
export class Turns {
  /** Messages sent since the last snapshot began, oldest first. */
  private pending: number[] = [];
  /** Every user message sent in this process (by timestamp). */
  private readonly sent = new Set<number>();
  private due = true;

  messageSent(timestamp: number): void {
    this.pending.push(timestamp);
    this.sent.add(timestamp);
    this.due = true;
  }

  /** Before a tool call that may change files: the messages a snapshot is now for, or undefined when none is due. */
  take(): number[] | undefined {
    if (!this.due) return undefined;
    this.due = false;
    return this.pending.splice(0);
  }

  /**
   * At the end of a run: the messages whose turns took no snapshot, to be marked for later
   * processes. A snapshot stays due: whatever runs next must not be counted as before them.
   */
  endRun(): number[] {
    return this.pending.splice(0);
  }

  sentHere(timestamp: number): boolean {
    return this.sent.has(timestamp);
  }
}
