// Shared by the skills, prompts and commands tests: temp trees and an in-process agent with the
// real plugins (commands-core, skills, prompts, system-prompt) and a scripted provider.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { PluginDef } from "../../kernel/index.js";
import { withoutBuiltins } from "../support/builtin-resources.js";
import { startKernel, toolPlugin, type Harness } from "../kernel/harness.js";
import commandsCore from "../../plugins/commands-core/index.js";
import prompts from "../../plugins/prompts/index.js";
import skills from "../../plugins/skills/index.js";
import systemPrompt from "../../plugins/system-prompt/index.js";

export function tempDir(prefix = "pik-skills-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

export function skillMd(front: Record<string, unknown> | string, body = "Do the thing.\n"): string {
  const yaml =
    typeof front === "string"
      ? front
      : Object.entries(front)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join("\n");
  return `---\n${yaml}\n---\n${body}`;
}

export interface Agent extends Harness {
  cleanup(): Promise<void>;
}

export async function agent(o: {
  cwd: string;
  agentDir: string;
  flags?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  read?: boolean;
  extra?: PluginDef[];
}): Promise<Agent> {
  const plugins = [commandsCore, systemPrompt, skills, prompts, ...(o.read === false ? [] : [toolPlugin("read")]), ...(o.extra ?? [])];
  const h = await startKernel(plugins, {
    cwd: o.cwd,
    agentDir: o.agentDir,
    flags: o.flags ?? {},
    settings: withoutBuiltins(o.settings ?? {}),
  });
  return { ...h, cleanup: () => h.kernel.stop() };
}

export function removeAll(...dirs: string[]): void {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

/** Messages of diagnostics that mention `text`. */
export function diagnosticsAbout(h: Harness, text: string): string[] {
  return h.diagnostics.map((d) => d.message).filter((m) => m.includes(text));
}
