import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lastResult, startKernel, type Harness, until } from "./harness.js";

// A user plugin written to disk, as a user would write it: TypeScript importing "pi-kernel".
const toolSource = (version: string) => `
import { definePlugin, Type } from "pi-kernel";
const label: string = "${version}";
export default definePlugin({
  name: "versioned",
  setup(api) {
    api.register.tool({
      name: "version",
      description: "reports the plugin version",
      parameters: Type.Object({}),
      async execute() { return { content: [{ type: "text", text: label }] }; },
    });
  },
});
`;

/** A temp project with the versioned tool plugin (v1) in .pi/extensions, and its file. */
function projectWithPlugin(): { cwd: string; file: string } {
  const cwd = mkdtempSync(join(tmpdir(), "pik-reload-"));
  const file = join(cwd, ".pi", "extensions", "versioned.ts");
  mkdirSync(join(cwd, ".pi", "extensions"), { recursive: true });
  writeFileSync(file, toolSource("v1"));
  return { cwd, file };
}

describe("hot reload", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.kernel.stop();
    h = undefined;
  });

  it("an explicit reload (/reload) re-reads an edited user plugin even without the watcher", async () => {
    const { cwd, file } = projectWithPlugin();
    h = await startKernel([], { cwd, noDiscovery: false, watch: false });
    const call = { toolCalls: [{ name: "version", arguments: {} }] };
    h.sim.push(call, { text: "ok" });
    await h.kernel.actions.prompt("which version?");
    expect(lastResult(h)).toBe("v1");

    writeFileSync(file, toolSource("v2"));
    await h.kernel.actions.reload();
    h.sim.push(call, { text: "ok" });
    await h.kernel.actions.prompt("and now?");
    expect(lastResult(h)).toBe("v2");
  });

  it("picks up an edited tool plugin for the next request; a syntax error keeps the last good version", async () => {
    const { cwd, file } = projectWithPlugin();
    h = await startKernel([], { cwd, noDiscovery: false, watch: true });
    const call = { toolCalls: [{ name: "version", arguments: {} }] };

    h.sim.push(call, { text: "ok" });
    await h.kernel.actions.prompt("which version?");
    expect(lastResult(h)).toBe("v1");

    const gen = h.kernel.host.current.id;
    writeFileSync(file, toolSource("v2"));
    await until(() => h!.kernel.host.current.id > gen, "reload after edit");
    h.sim.push(call, { text: "ok" });
    await h.kernel.actions.prompt("and now?");
    expect(lastResult(h)).toBe("v2");

    writeFileSync(file, toolSource("v3").replace("export default", "export default {{{"));
    await until(() => h!.diagnostics.some((d) => d.level === "error" && d.where === file), "a diagnostic for the broken file");
    const broken = h.diagnostics.find((d) => d.level === "error" && d.where === file)!;
    expect(broken.message).toContain(file);
    await until(() => h!.diagnostics.some((d) => /keeping the last good version/.test(d.message)), "fallback notice");
    h.sim.push(call, { text: "ok" });
    await h.kernel.actions.prompt("still working?");
    expect(lastResult(h)).toBe("v2");

    writeFileSync(file, toolSource("v4"));
    const before = h.kernel.host.current.id;
    await until(() => h!.kernel.host.current.id > before, "reload after the fix");
    // Said once per live edit that took: the UI shows it and drops the errors it resolved.
    expect(h.diagnostics.filter((d) => d.code === "plugin-reloaded" && d.where === file)).toHaveLength(2);
    h.sim.push(call, { text: "ok" });
    await h.kernel.actions.prompt("fixed?");
    expect(lastResult(h)).toBe("v4");
  });

  it("a reload requested while a turn runs waits for the turn to end", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "pik-reload-"));
    const file = join(cwd, ".pi", "extensions", "versioned.ts");
    mkdirSync(join(cwd, ".pi", "extensions"), { recursive: true });
    writeFileSync(file, toolSource("old"));
    h = await startKernel([], { cwd, noDiscovery: false, watch: true });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    h.sim.push({ gate, toolCalls: [{ name: "version", arguments: {} }] }, { text: "done" });
    const run = h.kernel.actions.prompt("go");
    await until(() => h!.sim.requests.length === 1, "the first request");

    const gen = h.kernel.host.current.id;
    const reloaded = h.kernel.actions.reload();
    writeFileSync(file, toolSource("new"));
    await new Promise((r) => setTimeout(r, 300));
    expect(h.kernel.host.current.id).toBe(gen); // still mid-turn: no swap
    release();
    await run;
    await reloaded;
    // The turn that was running finished on the generation it started with.
    expect(lastResult(h)).toBe("old");
    await until(() => h!.kernel.host.current.id > gen, "the swap");
    h.sim.push({ toolCalls: [{ name: "version", arguments: {} }] }, { text: "ok" });
    await until(() => !h!.kernel.agent.isStreaming, "idle");
    // Give the watcher's own reload (for the edit) time to land too.
    await until(() => h!.kernel.host.current.plugins.get("versioned")?.source.file === file, "plugin present");
    await new Promise((r) => setTimeout(r, 300));
    await h.kernel.actions.prompt("again");
    expect(lastResult(h)).toBe("new");
  });
});
