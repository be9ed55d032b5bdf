// When to call the person back: a run ended (the agent waits for them), a question waits for
// them (a permission prompt, a select, confirm or input dialog), or a background job ended while
// nothing runs, and they are not looking. "Not looking" is the terminal's focus when it reports
// focus; when it never has, a run that took at least `delaySeconds` counts (they have probably
// switched away), a question still unanswered after `delaySeconds` does, and a job's end always does.
import { type NotifyMethod, pickMethod, sequence, tmuxPassthrough } from "./sequences.js";

export interface NotificationSettings {
  /** "auto" (by TERM_PROGRAM), a method, or "off". */
  method?: NotifyMethod | "auto";
  /** Without focus reports: notify after runs at least this long, and for questions unanswered this long (seconds, default 10). */
  delaySeconds?: number;
  /** Inside tmux: wrap for passthrough instead of staying silent (tmux needs `allow-passthrough on`). */
  tmuxPassthrough?: boolean;
}

export class Attention {
  /** undefined until the terminal reports focus. */
  focused: boolean | undefined;
  private runStart = 0;
  /** The question waiting now, until it is answered or the person has been told. */
  private question?: { body: string; timer?: NodeJS.Timeout };

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
    const long = this.now() - this.runStart >= this.delayMs();
    return this.focused === false || (this.focused === undefined && long) ? this.send("pi", body) : "";
  }

  /**
   * A question waits: told at once when the terminal is not focused, else once it has waited
   * `delaySeconds` and the terminal is not known to be focused, or as soon as focus goes.
   */
  questionAsked(body: string): string {
    this.questionAnswered();
    const question: { body: string; timer?: NodeJS.Timeout } = { body };
    this.question = question;
    if (this.focused === false) return this.tellQuestion();
    question.timer = setTimeout(() => this.focused !== true && this.tellQuestion(), this.delayMs());
    question.timer.unref();
    return "";
  }

  questionAnswered(): void {
    clearTimeout(this.question?.timer);
    this.question = undefined;
  }

  /** A focus report arrived: leaving with a question waiting calls the person back. */
  focusChanged(focused: boolean): string {
    this.focused = focused;
    return !focused && this.question ? this.tellQuestion() : "";
  }

  private tellQuestion(): string {
    const q = this.question;
    this.questionAnswered(); // once per question
    return q ? this.send("pi", q.body) : "";
  }

  private delayMs(): number {
    return (this.settings().delaySeconds ?? 10) * 1000;
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
