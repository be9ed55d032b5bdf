// The footer: where we are (cwd, git branch, session name), what the conversation has cost
// (tokens in/out, cache read/write, dollars, context use), the model and thinking level, and
// the status entries extensions set.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { type Component, type Theme, truncateToWidth, visibleWidth } from "../../lib/tui/index.js";
import type { AgentMessage, AgentView, AssistantMessage } from "pi-kernel";
import type { FooterData } from "../../contracts/index.js";
import { Slot } from "./slot.js";

export interface FooterState {
  agent: AgentView;
  theme(): Theme;
  sessionName(): string | undefined;
  statuses(): Map<string, string>;
  /** A plugin's footer failed to draw. */
  report(error: unknown): void;
}

export class Footer implements Component {
  private branch: string | undefined;
  private readonly branchListeners = new Set<() => void>();
  /** A plugin's footer in place of this one (pi's ctx.ui.setFooter). */
  readonly custom: Slot;

  constructor(private readonly s: FooterState) {
    this.custom = new Slot(s.report);
    this.refreshBranch();
  }

  /** Re-reads .git/HEAD (after a run, the agent may have switched branches). */
  refreshBranch(): void {
    const before = this.branch;
    this.branch = gitBranch(this.s.agent.cwd);
    if (this.branch !== before) for (const listener of [...this.branchListeners]) listener();
  }

  /** pi's footerData, for a plugin's own footer. */
  data(): FooterData {
    return {
      gitBranch: () => this.branch ?? null,
      statuses: () => this.s.statuses(),
      onBranchChange: (listener) => {
        this.branchListeners.add(listener);
        return () => this.branchListeners.delete(listener);
      },
    };
  }

  render(width: number): string[] {
    if (this.custom.filled) return this.custom.render(width);
    const t = this.s.theme();
    const a = this.s.agent;
    const home = homedir();
    const cwd = a.cwd.startsWith(home) ? `~${a.cwd.slice(home.length)}` : a.cwd;
    const name = this.s.sessionName();
    const where = `${cwd}${this.branch ? ` (${this.branch})` : ""}${name ? ` • ${name}` : ""}`;
    const u = totals(a.messages);
    const parts = [`↑${count(u.input)}`, `↓${count(u.output)}`];
    if (u.cacheRead) parts.push(`R${count(u.cacheRead)}`);
    if (u.cacheWrite) parts.push(`W${count(u.cacheWrite)}`);
    parts.push(`$${u.cost.toFixed(3)}`);
    const window = a.model?.contextWindow ?? 0;
    if (window) parts.push(`${((u.context / window) * 100).toFixed(1)}%/${count(window)}`);
    const left = parts.join(" ");
    const model = a.model
      ? `(${a.model.provider}) ${a.model.id}${a.model.reasoning ? ` • ${a.thinkingLevel}` : ""}`
      : "no model (ctrl+l to select)";
    const gap = width - visibleWidth(left) - visibleWidth(model);
    const second = gap >= 2 ? left + " ".repeat(gap) + model : truncateToWidth(`${left}  ${model}`, width);
    const lines = [t.fg("dim", truncateToWidth(where, width)), t.fg("dim", second)];
    const statuses = [...this.s.statuses().values()].filter(Boolean);
    if (statuses.length) lines.push(truncateToWidth(statuses.join(t.fg("dim", " · ")), width));
    return lines;
  }
}

interface Totals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  cost: number;
  context: number;
}

const ZERO: Totals = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cost: 0, context: 0 };

/** The totals with one more message counted. */
function add(t: Totals, m: AgentMessage): Totals {
  if (m.role !== "assistant") return t;
  const u = (m as AssistantMessage).usage;
  if (!u) return t;
  const stop = (m as AssistantMessage).stopReason;
  return {
    input: t.input + u.input,
    output: t.output + u.output,
    cacheRead: t.cacheRead + u.cacheRead,
    cacheWrite: t.cacheWrite + u.cacheWrite,
    cost: t.cost + (u.cost?.total ?? 0),
    // The latest answer's prompt size is what the context holds now.
    context: stop !== "aborted" && stop !== "error" ? u.input + u.output + u.cacheRead + u.cacheWrite : t.context,
  };
}

/**
 * The totals of every message but the last, kept between frames: the footer is drawn on every key,
 * and summing a 10,000-message conversation each time was most of a keystroke's work. The last
 * message (an answer still streaming) is always counted afresh; a list replaced (a new session, a
 * compaction) or changed before its end starts over.
 */
let counted: { messages: readonly AgentMessage[]; n: number; tail: AgentMessage | undefined; totals: Totals } | undefined;

export function totals(messages: readonly AgentMessage[]): Totals {
  const n = Math.max(0, messages.length - 1);
  const c = counted;
  const reuse = c && c.messages === messages && c.n <= n && (c.n === 0 || messages[c.n - 1] === c.tail);
  let t = reuse ? c.totals : ZERO;
  for (let i = reuse ? c.n : 0; i < n; i++) t = add(t, messages[i]);
  counted = { messages, n, tail: messages[n - 1], totals: t };
  return n < messages.length ? add(t, messages[n]) : t;
}

function count(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

function gitBranch(cwd: string): string | undefined {
  let dir = cwd;
  for (;;) {
    try {
      const head = readFileSync(join(dir, ".git", "HEAD"), "utf8").trim();
      const m = /^ref: refs\/heads\/(.+)$/.exec(head);
      return m ? m[1] : head.slice(0, 7);
    } catch {
      const up = dirname(dir);
      if (up === dir) return undefined;
      dir = up;
    }
  }
}
