// When to call the person back: a run ended (the agent waits for them) or a background job
// ended while nothing runs, and they are not looking. "Not looking" is the terminal's focus when
// it reports focus; when it never has, a run that took at least `delaySeconds` counts (they have
// probably switched away), and a job's end always does.
import { type NotifyMethod, pickMethod, sequence, tmuxPassthrough } from "./sequences.js";

export interface NotificationSettings {
  /** "auto" (by TERM_PROGRAM), a method, or "off". */
  method?: NotifyMethod | "auto";
  /** Without focus reports: notify after runs at least this long (seconds, default 10). */
  delaySeconds?: number;
  /** Inside tmux: wrap for passthrough instead of staying silent (tmux needs `allow-passthrough on`). */
  tmuxPassthrough?: boolean;
}

export class Attention {
  /** undefined until the terminal reports focus. */
  focused: boolean | undefined;
  private runStart = 0;

  constructor(
    private readonly write: (data: string) => void,
    private readonly env: NodeJS.ProcessEnv,
    private readonly settings: () => NotificationSettings,
    private readonly now: () => number = Date.now,
  ) {}

  method(): NotifyMethod {
    const s = this.settings();
    const chosen = s.method && s.method !== "auto" ? s.method : pickMethod(this.env);
    if (this.env.TMUX && !s.tmuxPassthrough) return "off";
    return chosen;
  }

  runStarted(): void {
    this.runStart = this.now();
  }

  /** A run ended: returns what was written (for tests and logs). */
  runEnded(body: string): string {
    const long = this.now() - this.runStart >= (this.settings().delaySeconds ?? 10) * 1000;
    return this.focused === false || (this.focused === undefined && long) ? this.send("pi", body) : "";
  }

  jobEnded(body: string): string {
    return this.focused === true ? "" : this.send("pi", body);
  }

  private send(title: string, body: string): string {
    const method = this.method();
    let seq = sequence(method, title, body);
    if (this.env.TMUX && this.settings().tmuxPassthrough) seq = tmuxPassthrough(seq);
    if (seq) this.write(seq);
    return seq;
  }
}
