// The one list of commands: the kernel registry (built-ins, then extension commands) followed by
// the live sources (prompt templates, skills). The first command with a name wins, so a prompt
// template can never shadow a built-in or an extension command.
import type { PluginApi } from "pi-kernel";
import { type CommandCompletion, type CommandSource, parseCommandLine, SOURCE_ORDER } from "../../lib/resource-kit/index.js";
import type { CommandDef } from "../../contracts/index.js";

export class CommandCatalog {
  private readonly sources: CommandSource[] = [];

  constructor(private readonly api: PluginApi) {}

  addSource(source: CommandSource): () => void {
    this.sources.push(source);
    // Prompt templates before skills (pi's order), whichever plugin was set up first.
    this.sources.sort((a, b) => rank(a.name) - rank(b.name));
    return () => {
      const i = this.sources.indexOf(source);
      if (i >= 0) this.sources.splice(i, 1);
    };
  }

  /**
   * Built-in and extension commands, the ones matched before any other input hook runs. Registry
   * entries of live sources (lib/resource-kit/commands/live-commands.ts) are left to their sources.
   */
  registered(): CommandDef[] {
    const live = new Set(this.sources.map((s) => s.name));
    const all = this.api.registry
      .list("command")
      .filter((c) => !c.source || !live.has(c.source))
      .map((c) => (c.source ? c : { ...c, source: "extension" }));
    return [...all.filter((c) => c.source === "builtin"), ...all.filter((c) => c.source !== "builtin")];
  }

  async fromSources(): Promise<CommandDef[]> {
    const lists = await Promise.all(
      this.sources.map(async (s) => {
        try {
          return (await s.list()).map((c) => ({ ...c, source: c.source ?? s.name }));
        } catch (error) {
          this.api.diagnose({
            level: "warning",
            where: `commands:${s.name}`,
            message: `command source "${s.name}" failed: ${(error as Error).message}`,
          });
          return [];
        }
      }),
    );
    return lists.flat();
  }

  /** Every command, first of each name only, in match order. */
  async list(): Promise<CommandDef[]> {
    const seen = new Set<string>();
    const out: CommandDef[] = [];
    for (const c of [...this.registered(), ...(await this.fromSources())]) {
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      out.push(c);
    }
    return out;
  }

  async expand(text: string): Promise<string> {
    const line = parseCommandLine(text);
    if (!line) return text;
    const registered = this.registered().find((c) => c.name === line.name);
    if (registered && registered.source !== "builtin") {
      throw new Error(`Extension command "/${line.name}" cannot be queued. Use prompt() or execute the command when not streaming.`);
    }
    if (registered) return text;
    const live = (await this.fromSources()).find((c) => c.name === line.name);
    const result = (await live?.handler(line.args, { args: line.args, api: this.api })) as { action?: string; text?: unknown } | undefined;
    return result?.action === "transform" && typeof result.text === "string" ? result.text : text;
  }

  async complete(text: string): Promise<CommandCompletion[]> {
    if (!text.startsWith("/")) return [];
    const space = text.search(/\s/);
    const all = await this.list();
    if (space < 0) {
      const prefix = text.slice(1).toLowerCase();
      return all
        .filter((c) => c.name.toLowerCase().startsWith(prefix))
        .map((c) => ({
          value: `/${c.name}`,
          label: c.argumentHint ? `/${c.name} ${c.argumentHint}` : `/${c.name}`,
          description: c.description,
        }));
    }
    const line = parseCommandLine(text.slice(0, space));
    const command = line && all.find((c) => c.name === line.name);
    return command?.getArgumentCompletions?.(text.slice(space + 1).trimStart()) ?? [];
  }
}

function rank(source: string): number {
  const i = (SOURCE_ORDER as readonly string[]).indexOf(source);
  return i < 0 ? SOURCE_ORDER.length : i;
}
