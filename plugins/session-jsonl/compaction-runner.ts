// When and how the session is compacted; what the summary says is up to the strategy plugin
// named by `compaction.strategy`. Triggers (pi's): the context grows past the window minus
// `compaction.reserveTokens` (checked before each request), the provider reports a context
// overflow (compact, then retry once), or the user asks (/compact, the service).
import type { AgentEvent, AgentMessage, AssistantMessage, PluginApi } from "pi-kernel";
import { isContextOverflow } from "../../lib/provider-kit/index.js";
import { compactionSettings, contextTokens, prepareCompaction } from "../../lib/session-kit/index.js";
import type { CompactionService, CompactionSettings, CompactorDef } from "../../contracts/compaction.js";
import type { CompactionEntry } from "../../contracts/session-entries.js";
import type { SessionController } from "./controller.js";

export type { CompactionReason } from "../../contracts/compaction.js";
import type { CompactionReason } from "../../contracts/compaction.js";

export class CompactionRunner implements CompactionService {
  private running: Promise<CompactionEntry> | undefined;
  private controller: AbortController | undefined;
  private pending: Promise<void> = Promise.resolve();
  private overflowRetried = false;

  constructor(
    private readonly api: PluginApi,
    private readonly c: SessionController,
  ) {}

  get settings(): CompactionSettings {
    return compactionSettings(this.api.settings);
  }
  get isCompacting(): boolean {
    return this.running !== undefined;
  }

  compact(customInstructions?: string): Promise<CompactionEntry> {
    return this.run("manual", customInstructions);
  }

  abort(): void {
    this.controller?.abort();
  }

  async idle(): Promise<void> {
    for (let p = this.pending; ; p = this.pending) {
      await p;
      if (p === this.pending) return;
    }
  }

  /** Before a request: compact first when the context no longer leaves the reserve free. */
  async beforeRequest(messages: AgentMessage[]): Promise<AgentMessage[]> {
    const s = this.settings;
    const model = this.api.agent.model;
    if (!s.enabled || !model || this.running) return messages;
    if (contextTokens(messages) <= model.contextWindow - s.reserveTokens) return messages;
    try {
      await this.run("threshold");
      return [...this.api.agent.messages];
    } catch (error) {
      this.api.diagnose({ level: "warning", where: "compaction", message: `automatic compaction failed: ${(error as Error).message}` });
      return messages;
    }
  }

  /** After a run: a context overflow is compacted away and the request retried, once. */
  onEvent(e: AgentEvent): void {
    if (e.type === "message_end" && (e.message as AgentMessage).role === "assistant") {
      if ((e.message as AssistantMessage).stopReason !== "error") this.overflowRetried = false;
      return;
    }
    if (e.type !== "agent_end") return;
    const last = this.api.agent.messages.at(-1) as AssistantMessage | undefined;
    if (last?.role !== "assistant" || !isContextOverflow(last) || !this.settings.enabled) return;
    if (this.overflowRetried) {
      this.api.diagnose({
        level: "error",
        where: "compaction",
        message:
          "the context is still too large for the model after compacting; start a new session (/new) or compact with instructions (/compact ...)",
      });
      return;
    }
    this.overflowRetried = true;
    this.pending = this.pending.then(() => this.recoverFromOverflow(last));
  }

  private async recoverFromOverflow(failed: AssistantMessage): Promise<void> {
    await this.api.actions.waitForIdle();
    try {
      await this.run("overflow");
    } catch (error) {
      this.api.diagnose({
        level: "error",
        where: "compaction",
        message: `could not compact after a context overflow: ${(error as Error).message}`,
      });
      return;
    }
    // The failed reply stays in the file but not in what the model is sent again.
    this.api.actions.setMessages(this.api.agent.messages.filter((m) => m !== failed));
    await this.api.actions.send([]);
  }

  private run(reason: CompactionReason, customInstructions?: string): Promise<CompactionEntry> {
    if (this.running) return this.running;
    const run = this.doRun(reason, customInstructions).finally(() => {
      if (this.running === run) {
        this.running = undefined;
        this.controller = undefined;
      }
    });
    this.running = run;
    return run;
  }

  private async doRun(reason: CompactionReason, customInstructions?: string): Promise<CompactionEntry> {
    const settings = this.settings;
    const strategy = this.api.registry.get("compactor", settings.strategy) as CompactorDef | undefined;
    if (!strategy || typeof strategy.compact !== "function") {
      const have =
        this.api.registry
          .list("compactor")
          .map((d) => d.name)
          .join(", ") || "none";
      throw new Error(`no compaction strategy "${settings.strategy}" is loaded (compaction.strategy; available: ${have})`);
    }
    const preparation = prepareCompaction(this.c.session.compactionWindow(), settings);
    if (!preparation) throw new Error("nothing to compact yet");
    const controller = (this.controller = new AbortController());
    const willRetry = reason === "overflow";
    this.api.actions.emit({ type: "compaction_start", reason });
    try {
      const outcome = await strategy.compact({
        preparation,
        model: this.api.agent.model,
        thinkingLevel: this.api.agent.thinkingLevel,
        customInstructions,
        signal: controller.signal,
      });
      if (controller.signal.aborted) throw new Error("compaction aborted");
      const entry = this.c.append({
        type: "compaction",
        summary: outcome.summary,
        firstKeptEntryId: preparation.firstKeptEntryId,
        tokensBefore: preparation.tokensBefore,
        details: outcome.details,
      }) as CompactionEntry;
      this.c.restore({ keepModel: true });
      const result = {
        summary: entry.summary,
        firstKeptEntryId: entry.firstKeptEntryId,
        tokensBefore: entry.tokensBefore,
        details: entry.details,
      };
      this.api.actions.emit({ type: "compaction_end", reason, result, aborted: false, willRetry });
      return entry;
    } catch (error) {
      const aborted = controller.signal.aborted;
      this.api.actions.emit({ type: "compaction_end", reason, aborted, willRetry: false, errorMessage: (error as Error).message });
      throw error;
    }
  }
}
