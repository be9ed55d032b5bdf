// The joints between plugins: state kept across reloads (api.keep), declared service lookups, and
// custom events declared by merging. Real kernels, real files on disk for the reloaded plugin.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type AgentEvent, DiagnosticCode, definePlugin, isEvent } from "../../kernel/index.js";
import { type Harness, startKernel } from "./harness.js";

// A counter plugin on disk: each setup bumps a number kept with api.keep and publishes it.
const counterSource = (edit: number) => `
import { definePlugin } from "pi-kernel";
export default definePlugin({
  name: "counter",
  provides: ["counter"],
  setup(api) {
    const state = api.keep("state", () => ({ setups: 0 }));
    state.setups++;
    api.services.provide("counter", { setups: state.setups, edit: ${edit} });
  },
});
`;

declare module "pi-kernel" {
  interface Services {
    counter: { setups: number; edit: number };
  }
  interface CustomEvents {
    tests_counted: { count: number };
  }
}

describe("kernel-owned state and contracts", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.kernel.stop();
    h = undefined;
  });

  it("api.keep carries a plugin's state across reloads and drops it when the plugin leaves", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "pik-keep-"));
    const file = join(cwd, ".pi", "extensions", "counter.ts");
    mkdirSync(join(cwd, ".pi", "extensions"), { recursive: true });
    writeFileSync(file, counterSource(1));
    h = await startKernel([], { cwd, noDiscovery: false, watch: false });
    const counter = () => h!.kernel.host.current.services.get("counter")?.impl as { setups: number; edit: number } | undefined;
    expect(counter()).toEqual({ setups: 1, edit: 1 });

    writeFileSync(file, counterSource(2));
    await h.kernel.actions.reload();
    expect(counter()).toEqual({ setups: 2, edit: 2 });

    rmSync(file);
    await h.kernel.actions.reload();
    expect(counter()).toBeUndefined();

    writeFileSync(file, counterSource(3));
    await h.kernel.actions.reload();
    expect(counter()).toEqual({ setups: 1, edit: 3 });
  });

  it("reports a lookup of a service the plugin did not declare, once, with its code", async () => {
    const provider = definePlugin({
      name: "provider",
      provides: ["counter"],
      setup: (api) => api.services.provide("counter", { setups: 0, edit: 0 }),
    });
    const sloppy = definePlugin({
      name: "sloppy",
      setup(api) {
        api.services.get("counter");
        api.services.has("counter");
      },
    });
    const tidy = definePlugin({ name: "tidy", uses: ["counter"], setup: (api) => void api.services.get("counter") });
    h = await startKernel([provider, sloppy, tidy]);
    const undeclared = h.kernel.host.diagnostics.filter((d) => d.code === DiagnosticCode.undeclaredService);
    expect(undeclared.map((d) => [d.plugin, d.where])).toEqual([["sloppy", "services.counter"]]);
  });

  it("custom events declared by merging narrow with isEvent", async () => {
    const counts: number[] = [];
    const listener = definePlugin({
      name: "listener",
      setup(api) {
        api.on("event", (e: AgentEvent) => {
          if (isEvent(e, "tests_counted")) counts.push(e.count);
          if (isEvent(e, "queue_update")) counts.push(e.steering.length);
        });
      },
    });
    h = await startKernel([listener]);
    h.kernel.actions.emit({ type: "tests_counted", count: 7 });
    h.kernel.actions.emit({ type: "unrelated", count: 9 });
    expect(counts).toEqual([7]);
  });
});
