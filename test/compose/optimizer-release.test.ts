// When start-up's hold on V8's optimizing compiler ends (compose/optimizer-release.ts): at boot for
// every run with work to do at once, and for an interactive session that starts empty, at its first
// input or its first turn, never on a timer. A real kernel with the plugin; the release itself is
// watched, so the test process's own V8 flags are left alone.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { optimizerReleasePlugin } from "../../compose/optimizer-release.js";
import { createKernel, definePlugin } from "../../kernel/index.js";

async function booted(flags: Record<string, unknown>) {
  const releases: number[] = [];
  const root = mkdtempSync(join(tmpdir(), "pik-optimizer-"));
  // Claims every input, as a command would, so a prompt starts no turn.
  const commands = definePlugin({ name: "commands", setup: (api) => void api.on("input", () => ({ action: "handled" as const })) });
  const kernel = createKernel({
    cwd: root,
    agentDir: join(root, "agent"),
    flags,
    plugins: [optimizerReleasePlugin(() => releases.push(releases.length)), commands],
  });
  await kernel.start();
  return { kernel, released: () => releases.length };
}

afterEach(() => vi.useRealTimers());

describe("the end of start-up's hold on the optimizing compiler", () => {
  it("comes at boot in print, json and rpc runs, and in an interactive one that resumes, picks or forks a session", async () => {
    for (const flags of [
      { mode: "print" },
      { mode: "json" },
      { mode: "rpc" },
      { mode: "interactive", continue: true },
      { mode: "interactive", resume: true },
      { mode: "interactive", session: "abc" },
      { mode: "interactive", fork: "abc" },
    ]) {
      const { kernel, released } = await booted(flags);
      expect(released(), JSON.stringify(flags)).toBe(1);
      await kernel.stop();
    }
  });

  it("waits in an interactive session that starts empty, until its first input (once)", async () => {
    const memory = await booted({ mode: "interactive", session: false }); // --no-session
    expect(memory.released()).toBe(0);
    await memory.kernel.stop();
    const { kernel, released } = await booted({ mode: "interactive" });
    expect(released()).toBe(0);
    kernel.hooks.event.call({ type: "model_select", model: undefined, previousModel: undefined, source: "set" } as never);
    expect(released()).toBe(0);
    await kernel.actions.prompt("/resume");
    await kernel.actions.prompt("hello");
    expect(released()).toBe(1);
    await kernel.stop();
  });

  it("or its first turn (an extension's message starts one), and never while the session only idles", async () => {
    vi.useFakeTimers();
    const { kernel, released } = await booted({ mode: "interactive" });
    vi.advanceTimersByTime(60_000);
    expect(released()).toBe(0);
    kernel.hooks.event.call({ type: "agent_start" });
    kernel.hooks.event.call({ type: "agent_start" });
    expect(released()).toBe(1);
    await kernel.stop();
  });
});
