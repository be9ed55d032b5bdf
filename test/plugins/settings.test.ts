import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Model, PluginApi } from "pi-kernel";
import settingsPlugin from "../../plugins/settings/index.js";
import type { SettingsService } from "../../plugins/settings/store.js";
import { startKernel, type Harness } from "../kernel/harness.js";

let dir: string;
let agentDir: string;
let h: Harness | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pik-settings-"));
  agentDir = join(dir, "agent");
  mkdirSync(agentDir, { recursive: true });
});
afterEach(async () => {
  await h?.kernel.stop();
  h = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const globalFile = () => join(agentDir, "settings.json");
const projectFile = () => join(dir, ".pi", "settings.json");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));
/** Lets the plugin's end-of-boot marker pass (choices made at start-up are not remembered). */
const afterBoot = () => new Promise((r) => setImmediate(r));

async function start(settings: Record<string, unknown> = {}): Promise<SettingsService> {
  h = await startKernel([settingsPlugin], { cwd: dir, agentDir, settings });
  await afterBoot();
  return h.kernel.host.current.services.get("settings")!.impl as SettingsService;
}

function runCommand(args: string): unknown {
  const command = h!.kernel.host.current.registry.get("command", "settings")!;
  return command.handler(args, { args, api: undefined as unknown as PluginApi });
}

describe("the settings service", () => {
  it("writes one key atomically, keeping every other key, and updates the merged view", async () => {
    writeFileSync(globalFile(), JSON.stringify({ packages: ["npm:x"], compaction: { reserveTokens: 1000 }, custom: { keep: true } }));
    const merged = { packages: ["npm:x"], compaction: { reserveTokens: 1000 } };
    const svc = await start(merged);
    const seen: [string, unknown][] = [];
    svc.onChange((key, value) => seen.push([key, value]));
    svc.set("compaction.enabled", false);
    svc.set("theme", "light");
    expect(readJson(globalFile())).toEqual({
      packages: ["npm:x"],
      compaction: { reserveTokens: 1000, enabled: false },
      custom: { keep: true },
      theme: "light",
    });
    expect(svc.get("compaction.enabled")).toBe(false);
    expect(merged.compaction).toEqual({ reserveTokens: 1000, enabled: false }); // what other plugins read
    expect(seen).toEqual([
      ["compaction.enabled", false],
      ["theme", "light"],
    ]);
    expect(readdirSync(agentDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses to overwrite a settings file that is not valid JSON, and leaves it as it was", async () => {
    const svc = await start();
    const broken = '{ "theme": "dark", oops }';
    writeFileSync(globalFile(), broken);
    expect(() => svc.set("theme", "light")).toThrow(new RegExp(`${globalFile()}:\\d+:\\d+: invalid JSON`));
    expect(() => svc.set("theme", "light")).toThrow(/not overwriting it/);
    expect(readFileSync(globalFile(), "utf8")).toBe(broken);
    expect(svc.get("theme")).toBeUndefined();
    writeFileSync(globalFile(), "[1, 2]");
    expect(() => svc.set("theme", "light")).toThrow(`${globalFile()}: settings must be a JSON object`);
    expect(readFileSync(globalFile(), "utf8")).toBe("[1, 2]");
  });

  it("writes to the global file by default; the project file still wins; scope project writes there", async () => {
    mkdirSync(join(dir, ".pi"));
    writeFileSync(projectFile(), JSON.stringify({ theme: "light", other: 1 }));
    const svc = await start({ theme: "light", other: 1 });
    svc.set("theme", "dark");
    expect(readJson(globalFile())).toEqual({ theme: "dark" });
    expect(svc.get("theme")).toBe("light");
    svc.set("theme", "mine", { scope: "project" });
    expect(readJson(projectFile())).toEqual({ theme: "mine", other: 1 });
    expect(svc.get("theme")).toBe("mine");
    expect(svc.file("project")).toBe(projectFile());
  });
});

describe("remembering choices", () => {
  it("writes the model and thinking level the user picks, not what start-up or a session restore sets", async () => {
    await start();
    // The harness's setModel right after start() is start-up, not a choice.
    expect(existsSync(globalFile())).toBe(false);
    const other: Model = { ...h!.sim.model, id: "other", provider: "elsewhere", reasoning: true };
    h!.kernel.actions.setModel(other, "restore");
    h!.kernel.actions.setThinkingLevel("low");
    await afterBoot();
    expect(existsSync(globalFile())).toBe(false);
    h!.kernel.actions.setModel(other);
    h!.kernel.actions.setThinkingLevel("high");
    expect(readJson(globalFile())).toEqual({ defaultProvider: "elsewhere", defaultModel: "other", defaultThinkingLevel: "high" });
    h!.kernel.actions.setModel(h!.sim.model, "cycle");
    expect(readJson(globalFile())).toMatchObject({ defaultProvider: "test", defaultModel: "scripted" });
    // A model without reasoning forcing "off" keeps the saved level (as pi).
    h!.kernel.actions.setThinkingLevel("off");
    expect(readJson(globalFile()).defaultThinkingLevel).toBe("high");
  });

  it("applies steeringMode and followUpMode from settings at start", async () => {
    await start({ steeringMode: "all", followUpMode: "one-at-a-time" });
    expect(h!.kernel.agent.steeringMode).toBe("all");
    expect(h!.kernel.agent.followUpMode).toBe("one-at-a-time");
  });
});

describe("/settings without a screen", () => {
  it("lists the items with their values and sets one by key", async () => {
    const merged: Record<string, unknown> = {};
    await start(merged);
    const list = String(runCommand(""));
    expect(list).toContain(globalFile());
    expect(list).toMatch(/steeringMode\s+one-at-a-time\s+one-at-a-time \/ all/);
    expect(list).toMatch(/compaction\.enabled\s+on/);
    expect(runCommand("steeringMode all")).toBe("Steering mode: all");
    expect(h!.kernel.agent.steeringMode).toBe("all");
    expect(runCommand("compaction.enabled off")).toBe("Auto-compact: off");
    expect(runCommand("hideThinkingBlock true")).toBe("Hide thinking: on");
    expect(runCommand("autocompleteMaxVisible")).toBe("autocompleteMaxVisible = 5 (3 / 5 / 7 / 10 / 15 / 20)");
    // Settings read when used (here /tree's start filter) follow at once: the merged view changes.
    expect(runCommand("treeFilterMode no-tools")).toBe("Tree filter mode: no-tools");
    expect(merged.treeFilterMode).toBe("no-tools");
    expect(readJson(globalFile())).toEqual({
      steeringMode: "all",
      compaction: { enabled: false },
      hideThinkingBlock: true,
      treeFilterMode: "no-tools",
    });
  });

  it("explains bad keys and values and writes nothing", async () => {
    await start();
    expect(() => runCommand("nope 1")).toThrow(/unknown setting "nope".*steeringMode/);
    expect(() => runCommand("steeringMode sometimes")).toThrow('steeringMode takes one of: one-at-a-time, all (got "sometimes")');
    expect(existsSync(globalFile())).toBe(false);
  });
});
