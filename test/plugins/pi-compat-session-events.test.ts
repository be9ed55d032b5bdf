// pi's session events for the user's own session commands (/new, /resume, /fork, /clone, /tree)
// and extensions' ctx.newSession/navigateTree, through one gated path: an extension's
// session_before_switch and session_before_tree can cancel, its summary replaces ours, and the
// after-events (session_start, session_tree) follow once.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import commandsCore from "../../plugins/commands-core/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import sessionCommands from "../../plugins/session-commands/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import type { SessionsService } from "../../contracts/sessions.js";
import { startKernel, type Harness } from "../kernel/harness.js";
import type { CommandDef } from "../../contracts/index.js";

const EXT = fileURLToPath(new URL("../fixtures/pi-extensions/session-events.ts", import.meta.url));
const g = globalThis as { __piSessionEvents?: string[]; __piSessionPlan?: Record<string, unknown>; __piTreePrep?: Record<string, unknown> };

let h: Harness | undefined;
let dir: string;
afterEach(async () => {
  await h?.kernel.stop();
  h = undefined;
  rmSync(dir, { recursive: true, force: true });
  delete g.__piSessionEvents;
  delete g.__piSessionPlan;
  delete g.__piTreePrep;
});

async function start(plan: Record<string, unknown> = {}): Promise<Harness> {
  g.__piSessionPlan = plan;
  dir = mkdtempSync(join(tmpdir(), "pik-session-events-"));
  h = await startKernel([commandsCore, sessionJsonl, sessionCommands, piCompat], {
    cwd: dir,
    agentDir: join(dir, "agent"),
    noDiscovery: false,
    noExtensions: true,
    extensionPaths: [EXT],
    settings: { sessionDir: join(dir, "sessions") },
  });
  return h;
}
const run = async (name: string, args = "") =>
  String(
    (await (h!.kernel.host.current.registry.get("command", name) as CommandDef).handler(args, { args, api: undefined as never })) ?? "",
  );
const sessions = () => h!.kernel.host.current.services.get("sessions")!.impl as SessionsService;
const events = () => g.__piSessionEvents ?? [];
const settle = () => new Promise((r) => setTimeout(r, 20));
/** Two prompts, then back to the first answer: the conversation branches. */
async function branched(): Promise<{ firstAnswer: string; secondUser: string }> {
  h!.sim.push({ text: "first answer" }, { text: "second answer" });
  await h!.kernel.actions.prompt("first question");
  await h!.kernel.actions.prompt("second question");
  const path = sessions().path();
  const firstAnswer = path.find((e) => e.type === "message" && e.message.role === "assistant")!.id;
  const secondUser = path.filter((e) => e.type === "message" && e.message.role === "user")[1].id;
  return { firstAnswer, secondUser };
}

describe("session events for the user's commands", () => {
  it("/new fires session_before_switch, then session_shutdown and session_start (reason new)", async () => {
    await start();
    h!.sim.push({ text: "hello" });
    await h!.kernel.actions.prompt("hi");
    const before = sessions().id;
    g.__piSessionEvents!.length = 0;
    expect(await run("new")).toBe("Started a new session.");
    await settle();
    expect(sessions().id).not.toBe(before);
    expect(events()).toEqual(["session_before_switch:new", "session_shutdown:new", "session_start:new:prev"]);
  });

  it("an extension's session_before_switch cancels /new: the session stays", async () => {
    await start({ cancelSwitch: true });
    const before = sessions().id;
    g.__piSessionEvents!.length = 0;
    expect(await run("new")).toMatch(/New session cancelled by extension .*session-events/);
    await settle();
    expect(sessions().id).toBe(before);
    expect(events()).toEqual(["session_before_switch:new"]);
  });

  it("/clone and /fork fire session_before_fork (at / before) and session_start (reason fork)", async () => {
    await start();
    const { secondUser } = await branched();
    g.__piSessionEvents!.length = 0;
    await run("clone");
    await run("fork", secondUser.slice(0, 8));
    await settle();
    expect(events()).toEqual([
      "session_before_fork:at",
      "session_shutdown:fork",
      "session_start:fork:prev",
      "session_before_fork:before",
      "session_shutdown:fork",
      "session_start:fork:prev",
    ]);
  });

  it("/tree fires session_before_tree with the preparation, then session_tree; a cancel stops the move", async () => {
    await start({ cancelTree: true });
    const { firstAnswer } = await branched();
    const leaf = sessions().leafId;
    g.__piSessionEvents!.length = 0;
    expect(await run("tree", firstAnswer)).toMatch(/Navigation cancelled by extension/);
    expect(sessions().leafId).toBe(leaf);
    g.__piSessionPlan = {};
    expect(await run("tree", firstAnswer)).toMatch(new RegExp(`Moved to entry ${firstAnswer}`));
    await settle();
    expect(sessions().leafId).toBe(firstAnswer);
    expect(events()).toEqual(["session_before_tree:plain", "session_before_tree:plain", "session_tree:none:undefined"]);
    const prep = g.__piTreePrep!;
    expect(prep).toMatchObject({ targetId: firstAnswer, oldLeafId: leaf, commonAncestorId: firstAnswer, userWantsSummary: false });
    expect((prep.entriesToSummarize as { message?: { content?: unknown } }[]).map((e) => e.message?.content)).toContainEqual([
      { type: "text", text: "second question" },
    ]);
  });

  it("an extension's summary replaces the branch summarizer (no LLM call) and its label is set", async () => {
    await start({ treeSummary: "what the extension remembers", label: "checkpoint" });
    const { firstAnswer } = await branched();
    const calls = h!.sim.requests.length;
    g.__piSessionEvents!.length = 0;
    expect(await run("tree", `${firstAnswer} --summary`)).toMatch(/left a summary of the branch/);
    await settle();
    expect(h!.sim.requests.length).toBe(calls);
    const file = readFileSync(sessions().file!, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const summary = file.find((e) => e.type === "branch_summary");
    expect(summary).toMatchObject({
      parentId: firstAnswer,
      summary: "what the extension remembers",
      fromHook: true,
      details: { by: "ext" },
    });
    expect(file.find((e) => e.type === "label")).toMatchObject({ targetId: summary.id, label: "checkpoint" });
    expect(events()).toEqual(["session_before_tree:summary", "session_tree:summary:true"]);
  });

  it("an extension's ctx.newSession and ctx.navigateTree take the same path: each event fires once", async () => {
    await start({ treeSummary: "from ctx" });
    const { firstAnswer } = await branched();
    g.__piSessionEvents!.length = 0;
    await run("ext-tree", firstAnswer);
    await run("ext-new");
    await settle();
    expect(events()).toEqual([
      "session_before_tree:summary",
      "session_tree:summary:true",
      "ext-tree:cancelled=false",
      "session_before_switch:new",
      "session_shutdown:new",
      "session_start:new:prev",
      "ext-new:cancelled=false",
    ]);
  });
});
