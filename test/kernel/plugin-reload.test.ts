// Reload a plugin, not the agent: saving one user extension re-runs setup of that plugin (and of
// what requires its services) only; a turn in flight finishes on the snapshot it began with; and
// registrations made after setup can be taken back for real.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { definePlugin, type PluginApi, Type } from "../../kernel/index.js";
import { type Harness, lastResult, startKernel, until } from "./harness.js";

const extension = (version: string) => `
import { definePlugin, Type } from "pi-kernel";
export default definePlugin({
  name: "versioned",
  provides: ["version-label"],
  setup(api) {
    api.services.provide("version-label", "${version}");
    api.register.tool({ name: "version", description: "reports the version", parameters: Type.Object({}),
      async execute() { return { content: [{ type: "text", text: "${version}" }] }; } });
  },
});
`;

describe("reloading one plugin", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.kernel.stop();
    h = undefined;
  });

  it("saving an extension mid-turn re-runs only its setup and its dependants'; the turn ends on its old snapshot", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "pik-plugin-reload-"));
    const file = join(cwd, ".pi", "extensions", "versioned.ts");
    mkdirSync(join(cwd, ".pi", "extensions"), { recursive: true });
    writeFileSync(file, extension("old"));
    const setups: string[] = [];
    const bystander = definePlugin({ name: "bystander", setup: () => void setups.push("bystander") });
    const dependant = definePlugin({
      name: "dependant",
      requires: ["version-label"],
      setup: (api) => void setups.push(`dependant:${api.services.use("version-label")}`),
    });
    h = await startKernel([bystander, dependant], { cwd, noDiscovery: false, watch: true });
    expect(setups).toEqual(["bystander", "dependant:old"]);

    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    h.sim.push({ toolCalls: [{ name: "version", arguments: {} }] }, { gate, text: "done" });
    const run = h.kernel.actions.prompt("go");
    await until(() => h!.kernel.agent.messages.some((m) => m.role === "toolResult"), "the first tool result");
    const snapshot = h.kernel.host.current.id;
    writeFileSync(file, extension("new"));
    await until(() => setups.length === 3, "the dependant set up again");
    // The reload waits for the turn: what the loop reads is still the old snapshot.
    expect(h.kernel.host.current.id).toBe(snapshot);
    release();
    await run;
    expect(lastResult(h)).toBe("old");
    await until(() => h!.kernel.host.current.id > snapshot, "the commit");
    h.sim.push({ toolCalls: [{ name: "version", arguments: {} }] }, { text: "ok" });
    await h.kernel.actions.prompt("again");
    expect(lastResult(h)).toBe("new");
    // No other plugin's setup ran again: the recorder, the scripted provider and the bystander kept theirs.
    expect(setups).toEqual(["bystander", "dependant:old", "dependant:new"]);
    expect(h.kernel.service("version-label" as never)).toBe("new");
  });

  it("every registration returns a disposer that takes it out of the next snapshot, after setup too", async () => {
    let saved!: PluginApi;
    const heard: string[] = [];
    const p = definePlugin({ name: "late", setup: (api) => void (saved = api) });
    h = await startKernel([p]);
    const tool = saved.register.tool({
      name: "gone-soon",
      description: "x",
      parameters: Type.Object({}),
      execute: async () => ({ content: [] }),
    });
    const command = saved.register.command({ name: "gone-soon", description: "x", handler: async () => {} } as never);
    const provider = saved.register.provider({ ...h.sim.plugin, api: "gone-soon" } as never);
    const tap = saved.on("event", (e) => void heard.push(e.type));
    const service = saved.services.provide("gone-soon", 1);
    expect(h.kernel.registry.get("tool", "gone-soon")).toBeDefined();
    expect(h.kernel.registry.get("command" as never, "gone-soon")).toBeDefined();
    expect(h.kernel.registry.get("provider", "gone-soon")).toBeDefined();
    expect(h.kernel.service("gone-soon" as never)).toBe(1);
    h.kernel.actions.emit({ type: "probe" } as never);
    for (const dispose of [tool, command, provider, tap, service]) dispose();
    h.kernel.actions.emit({ type: "probe" } as never);
    expect(heard).toEqual(["probe"]);
    expect(h.kernel.registry.list("tool").map((t) => t.name)).not.toContain("gone-soon");
    expect(h.kernel.registry.get("command" as never, "gone-soon")).toBeUndefined();
    expect(h.kernel.registry.get("provider", "gone-soon")).toBeUndefined();
    expect(h.kernel.service("gone-soon" as never)).toBeUndefined();
  });
});
