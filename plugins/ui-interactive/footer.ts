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

function totals(messages: readonly AgentMessage[]) {
  let input = 0,
    output = 0,
    cacheRead = 0,
    cacheWrite = 0,
    cost = 0,
    context = 0;
  for (const m of messages) {
    if (m.role !== "assistant") continue;
    const u = (m as AssistantMessage).usage;
    if (!u) continue;
    input += u.input;
    output += u.output;
    cacheRead += u.cacheRead;
    cacheWrite += u.cacheWrite;
    cost += u.cost?.total ?? 0;
    // The latest answer's prompt size is what the context holds now.
    if ((m as AssistantMessage).stopReason !== "aborted" && (m as AssistantMessage).stopReason !== "error") {
      context = u.input + u.output + u.cacheRead + u.cacheWrite;
    }
  }
  return { input, output, cacheRead, cacheWrite, cost, context };
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
