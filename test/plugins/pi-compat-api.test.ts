// pi's ExtensionAPI on kernel hooks, in process: a pi extension (fixtures/pi-extensions/api-tour.ts,
// loaded through the kernel's loader with pi's package names aliased) and a scripted provider.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentMessage } from "../../kernel/index.js";
import commandsCore from "../../plugins/commands-core/index.js";
import compactionSummarize from "../../plugins/compaction-summarize/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import { startKernel, type Harness } from "../kernel/harness.js";

const TOUR = fileURLToPath(new URL("../fixtures/pi-extensions/api-tour.ts", import.meta.url));
interface Tour {
  seen: string[];
  values: Record<string, unknown>;
}
const tour = () => (globalThis as { __piTour?: Tour }).__piTour!;

let h: Harness | undefined;
let dir: string;
afterEach(async () => {
  await h?.kernel.stop();
  h = undefined;
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { __piTour?: Tour }).__piTour;
});

async function start(flags: Record<string, unknown> = {}): Promise<Harness> {
  dir = mkdtempSync(join(tmpdir(), "pik-picompat-"));
  h = await startKernel([commandsCore, piCompat], {
    cwd: dir,
    agentDir: join(dir, "agent"),
    noDiscovery: false,
    noExtensions: true,
    extensionPaths: [TOUR],
    flags,
  });
  return h;
}

describe("pi-compat ExtensionAPI", () => {
  it("maps tools, gates, transforms and before_agent_start onto the kernel's hooks", async () => {
    const k = await start();
    k.sim.push(
      {
        toolCalls: [
          { name: "secret", arguments: { key: "k1" } },
          { name: "secret", arguments: { key: "forbidden" } },
        ],
      },
      { text: "done" },
    );
    await k.kernel.actions.prompt("shout hello");
    const [first, second] = k.sim.requests;
    expect(first.systemPrompt).toContain("[tour]");
    expect(first.tools.map((t) => t.name)).toContain("secret");
    const texts = (m: { content: unknown }) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content));
    expect(first.messages.map(texts)).toEqual([JSON.stringify([{ type: "text", text: "HELLO" }]), "started with: HELLO", "context-added"]);
    const results = second.messages.filter((m) => m.role === "toolResult").map(texts);
    expect(results[0]).toContain("secret:k1-checked!");
    expect(results[1]).toContain("no forbidden keys");
    expect(tour().values.toolCtx).toEqual({ hasUI: false, cwd: k.kernel.agent.cwd, idle: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(tour().seen).toContain("agent_end");
    expect(tour().seen).toContain("bus:pong");
    expect(tour().values.usage).toMatchObject({ contextWindow: k.sim.model.contextWindow });
  });

  it("input handlers can swallow input; flags have their declared defaults or the given value", async () => {
    const k = await start({ tourMode: "wild" });
    await k.kernel.actions.prompt("swallow");
    expect(k.sim.requests).toHaveLength(0);
    expect(tour().values.flag).toBe("wild");
    expect(tour().values.width).toBe(4); // an @earendil-works/pi-tui import, aliased
  });

  it("runs commands with pi's command context; dialogs degrade without a UI", async () => {
    const k = await start();
    await k.kernel.actions.prompt("/tour the args");
    const v = tour().values;
    expect(v.command).toBe("the args");
    expect(v.commands).toContain("tour");
    expect(v.select).toBeUndefined();
    expect(v.confirm).toBe(false);
    expect(v.exec).toEqual({ stdout: "hi", stderr: "", code: 0, killed: false });
    expect(v.branch).toBe(0);
    const note = k.kernel.agent.messages.find((m: AgentMessage) => m.role === "custom") as { customType?: string } | undefined;
    expect(note?.customType).toBe("tour-note");
    expect(k.sim.requests).toHaveLength(0);
  });
});

describe("pi-compat compaction events", () => {
  it("session_before_compact supplies the summary; session_compact follows", async () => {
    const COMPACT = fileURLToPath(new URL("../fixtures/pi-extensions/compact-hook.ts", import.meta.url));
    dir = mkdtempSync(join(tmpdir(), "pik-picompat-"));
    h = await startKernel([commandsCore, sessionJsonl, compactionSummarize, piCompat], {
      cwd: dir,
      agentDir: join(dir, "agent"),
      noDiscovery: false,
      noExtensions: true,
      extensionPaths: [COMPACT],
      settings: { compaction: { keepRecentTokens: 1 } },
    });
    h.sim.push({ text: "first answer" }, { text: "second answer" });
    await h.kernel.actions.prompt("first question");
    await h.kernel.actions.prompt("second question");
    const service = h.kernel.host.current.services.get("compaction")!.impl as { compact(i?: string): Promise<{ summary: string }> };
    const entry = await service.compact();
    expect(entry.summary).toBe("summary written by the extension");
    await new Promise((r) => setTimeout(r, 20));
    const seen = (globalThis as { __piCompact?: string[] }).__piCompact!;
    expect(seen).toEqual(["before:prepared", "compact:summary written by the extension"]);
    delete (globalThis as { __piCompact?: string[] }).__piCompact;
  });
});
