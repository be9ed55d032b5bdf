// Two subagents editing one file at the same time, through the real CLI and the simulator (issue
// 30, point 5): each child edits its own slots of a shared file, several edits per reply and
// several replies, both children always in flight together. Every edit reports success, so every
// edit must be in the file at the end: parents and children share one per-file queue.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
import type { RecordedRequest, Turn } from "../support/simulator/index.mjs";

const ROUNDS = 4;
const EDITS = 6;
const CHILDREN = ["LEFT", "RIGHT"];
const slot = (who: string, round: number, i: number) => `<${who}-${round}-${i}>`;
const done = (who: string, round: number, i: number) => `[${who}-${round}-${i}]`;

/** Resolves once `n` arrivals happened: each child's request of a round waits for its sibling's. */
function barrier(n: number): () => Promise<void> {
  let seen = 0;
  let release!: () => void;
  const all = new Promise<void>((r) => (release = r));
  return () => {
    if (++seen >= n) release();
    return all;
  };
}

describe("subagents editing one file at once", () => {
  const s = simProjects();

  it("lose no edit: parents and children share one per-file queue", async () => {
    const { project, agentDir } = s.project();
    mkdirSync(join(agentDir, "agents"), { recursive: true });
    for (const who of CHILDREN)
      writeFileSync(
        join(agentDir, "agents", `${who.toLowerCase()}.md`),
        `---\nname: ${who.toLowerCase()}\ndescription: Edits its slots\ntools: edit\n---\nCHILD-${who}\n`,
      );
    const lines = CHILDREN.flatMap((who) =>
      Array.from({ length: ROUNDS }, (_, r) => Array.from({ length: EDITS }, (_, i) => slot(who, r, i))).flat(),
    );
    writeFileSync(join(project, "shared.txt"), `${lines.sort().join("\n")}\n`);
    const rounds = Array.from({ length: ROUNDS }, () => barrier(CHILDREN.length));
    const route = async (r: RecordedRequest): Promise<Turn> => {
      const system = String(r.body?.messages?.[0]?.content ?? "");
      const who = CHILDREN.find((c) => system.includes(`CHILD-${c}`));
      const messages = (r.body?.messages ?? []) as { role: string }[];
      if (!who) {
        if (messages.at(-1)?.role === "tool") return { text: "PARENT-DONE" };
        return { toolCalls: CHILDREN.map((c) => ({ name: "subagent", arguments: { agent: c.toLowerCase(), task: "edit your slots" } })) };
      }
      const round = messages.filter((m) => m.role === "assistant").length;
      if (round >= ROUNDS) return { text: `${who} done` };
      await rounds[round]();
      return {
        toolCalls: Array.from({ length: EDITS }, (_, i) => ({
          name: "edit",
          arguments: { path: "shared.txt", edits: [{ oldText: slot(who, round, i), newText: done(who, round, i) }] },
        })),
      };
    };
    s.sim.script(...Array.from({ length: 2 + CHILDREN.length * (ROUNDS + 1) }, () => route));
    const r = await runCli(["--model", "sim/sim-model", "--mode", "json", "go"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const subagentEnds = r.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "tool_execution_end" && e.toolName === "subagent");
    expect(subagentEnds.map((e) => e.isError)).toEqual([false, false]);
    // Every edit reported success to its child (the child's transcript reached the simulator).
    const toolResults = s.sim.requests
      .flatMap((q) => (q.body?.messages ?? []) as { role: string; content: unknown }[])
      .filter((m) => m.role === "tool")
      .map((m) => String(m.content));
    expect(toolResults.filter((t) => /error|not found|could not/i.test(t))).toEqual([]);
    const text = readFileSync(join(project, "shared.txt"), "utf8");
    const lost = lines.filter((l) => text.includes(l));
    expect(lost).toEqual([]);
  });
});
