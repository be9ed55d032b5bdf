// pi's ExtensionAPI shapes where pi-kernel used to differ: getCommands() is an array at once,
// agent_settled reaches pi.on, a tool registered in before_agent_start is in the first request,
// setThinkingLevel is clamped to the model, the theme API without a UI answers as pi's, and
// ctx.sessionManager.getTree() is pi's SessionTreeNode tree.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withoutBuiltins } from "../support/builtin-resources.js";
import commandsCore from "../../plugins/commands-core/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import prompts from "../../plugins/prompts/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import { type Harness, startKernel } from "../kernel/harness.js";

const EXTENSION = `
export default function (pi) {
  const g = (globalThis.__piShapes = { events: [], values: {} });
  pi.registerCommand("probe", {
    description: "probe",
    handler: async (_args, ctx) => {
      const commands = pi.getCommands();
      g.values.commands = { isArray: Array.isArray(commands), names: Array.isArray(commands) ? commands.map((c) => c.name) : [] };
      g.values.themes = { all: ctx.ui.getAllThemes(), one: ctx.ui.getTheme("dark"), set: ctx.ui.setTheme("light") };
      pi.setThinkingLevel("high");
      g.values.level = pi.getThinkingLevel();
      g.values.tree = ctx.sessionManager.getTree();
    },
  });
  pi.on("before_agent_start", () => {
    pi.registerTool({
      name: "late_tool",
      label: "late",
      description: "registered in before_agent_start",
      parameters: { type: "object", properties: {} },
      execute: async () => ({ content: [{ type: "text", text: "late ok" }] }),
    });
  });
  for (const type of ["agent_end", "agent_settled"]) pi.on(type, () => g.events.push(type));
  pi.on("session_start", () => {
    g.values.atStart = pi.getCommands().map((c) => c.name + ":" + c.source);
  });
}
`;

let h: Harness | undefined;
let dir: string;
afterEach(async () => {
  await h?.kernel.stop();
  h = undefined;
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { __piShapes?: unknown }).__piShapes;
});

describe("pi-compat API shapes", () => {
  it("answers as pi 0.86 does", async () => {
    dir = mkdtempSync(join(tmpdir(), "pik-shapes-"));
    const file = join(dir, "probe.js");
    writeFileSync(file, EXTENSION);
    mkdirSync(join(dir, ".pi", "prompts"), { recursive: true });
    writeFileSync(join(dir, ".pi", "prompts", "greet.md"), "---\ndescription: greet\n---\nSay hello");
    h = await startKernel([commandsCore, sessionJsonl, prompts, piCompat], {
      cwd: dir,
      agentDir: join(dir, "agent"),
      noDiscovery: false,
      noExtensions: true,
      extensionPaths: [file],
      flags: { noSession: true },
      settings: withoutBuiltins(),
    });
    const g = () => (globalThis as { __piShapes?: { events: string[]; values: Record<string, unknown> } }).__piShapes!;

    // As in pi, prompt templates (and skills) are already listed when session_start runs.
    expect(g().values.atStart).toEqual(["probe:extension", "greet:prompt"]);

    h.sim.push({ toolCalls: [{ name: "late_tool", arguments: {} }] }, { text: "done" });
    await h.kernel.actions.prompt("go");
    expect(h.sim.requests[0].tools.map((t) => t.name)).toContain("late_tool");
    expect(h.kernel.agent.messages.find((m) => m.role === "toolResult")).toMatchObject({ isError: false });
    await new Promise((r) => setImmediate(r));
    expect(g().events).toEqual(["agent_end", "agent_settled"]);

    await h.kernel.actions.prompt("/probe");
    expect(g().values.commands).toEqual({ isArray: true, names: ["probe", "greet"] });
    expect(g().values.themes).toEqual({ all: [], one: undefined, set: { success: false, error: "UI not available" } });
    // The harness model has no reasoning.
    expect(g().values.level).toBe("off");
    const tree = g().values.tree as { entry: { type: string }; children: unknown[] }[];
    expect(tree).toHaveLength(1);
    expect(Object.keys(tree[0]).sort()).toEqual(["children", "entry", "label", "labelTimestamp"]);
    expect(tree[0].children).toHaveLength(1);
  });
});
