// The foreground commands the person may send to the background (Ctrl+B) while they run. The bash
// tool offers each command it runs and withdraws it when it ends; a UI lists them and calls
// `toBackground`. A command that runs longer than a moment shows the key in the footer, so the
// person learns it exists exactly when it is useful (quick commands do not flicker the footer).
import type { ForegroundCommand } from "../../contracts/shell-jobs.js";

const HINT_AFTER_MS = 1000;
export const HINT = "ctrl+b: to background";

export class ForegroundOffers {
  private readonly offers: ForegroundCommand[] = [];
  private timer?: NodeJS.Timeout;
  private shown = false;
  /** Shows (text) or clears (undefined) the hint; set by the plugin. */
  hint: (text: string | undefined) => void = () => {};

  add(command: ForegroundCommand): () => void {
    this.offers.push(command);
    this.timer ??= setTimeout(() => {
      if (this.offers.length === 0) return;
      this.shown = true;
      this.hint(HINT);
    }, HINT_AFTER_MS).unref();
    return () => {
      const i = this.offers.indexOf(command);
      if (i >= 0) this.offers.splice(i, 1);
      if (this.offers.length === 0) this.clear();
    };
  }

  list(): ForegroundCommand[] {
    return [...this.offers];
  }

  private clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.shown) this.hint(undefined);
    this.shown = false;
  }
}
