// The `subagent` tool through the real CLI against the simulator: children composed in the same
// process from the same packages, each with its own context, tools, model and session file.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { writeTwoModels } from "../support/scenario.mjs";
import { simProjects } from "../support/sim-projects.js";
import type { RecordedRequest, Turn } from "../support/simulator/index.mjs";

const SCOUT = "SCOUT-INSTRUCTIONS: read what you are asked to and report it.";
const WRITER = "WRITER-INSTRUCTIONS: run the command you are given.";
const PARENT_PROMPT = "PARENT-PROMPT: find out about the app";
const FILE_SECRET = "FILE-CONTENT-ONLY-THE-SCOUT-READ";

function writeAgents(agentDir: string): void {
  mkdirSync(join(agentDir, "agents"), { recursive: true });
  writeFileSync(
    join(agentDir, "agents", "scout.md"),
    `---\nname: scout\ndescription: Reads files and reports\ntools: read\nmodel: sim/sim-other\nthinking: low\n---\n${SCOUT}\n`,
  );
  writeFileSync(
    join(agentDir, "agents", "writer.md"),
    `---\nname: writer\ndescription: Runs commands\ntools: [bash]\nmodel: sim/sim-model\n---\n${WRITER}\n`,
  );
}

const systemOf = (r: RecordedRequest) => String(r.body?.messages?.[0]?.content ?? "");
const toolNames = (r: RecordedRequest) => (r.body?.tools ?? []).map((t: { function: { name: string } }) => t.function.name).sort();
const lastRole = (r: RecordedRequest) => r.body?.messages?.at(-1)?.role;
const isChild = (r: RecordedRequest, marker: string) => systemOf(r).includes(marker);

/** The parent: delegates one task to the scout and one to the writer, then answers PARENT-DONE. */
function parentTurn(r: RecordedRequest, scoutTask: string, writerTask: string): Turn {
  if (lastRole(r) === "tool") return { text: "PARENT-DONE" };
  return {
    toolCalls: [
      { name: "subagent", arguments: { agent: "scout", task: scoutTask } },
      { name: "subagent", arguments: { agent: "writer", task: writerTask } },
    ],
  };
}

/** Resolves once `n` requests matching `match` have arrived (each child waits for its sibling). */
function arrivals(n: number) {
  let seen = 0;
  let release!: () => void;
  const all = new Promise<void>((r) => (release = r));
  return {
    all,
    arrived() {
      if (++seen >= n) release();
      return all;
    },
  };
}

function sessionFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".jsonl")) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out;
}

describe("subagents through the CLI", () => {
  const s = simProjects();

  it("runs two agents in parallel, each with its own tools, model and context, and links their session files", async () => {
    const { project, agentDir } = s.project();
    writeTwoModels(agentDir, s.sim.url);
    writeAgents(agentDir);
    writeFileSync(join(project, "notes.txt"), `${FILE_SECRET}\n`);
    // Both children's first requests wait for each other: run one after the other, they would hang.
    const both = arrivals(2);
    const route = async (r: RecordedRequest): Promise<Turn> => {
      if (isChild(r, SCOUT)) {
        if (lastRole(r) === "tool") return { text: "scout report: notes.txt holds a marker" };
        await both.arrived();
        return { toolCalls: [{ name: "read", arguments: { path: "notes.txt" } }] };
      }
      if (isChild(r, WRITER)) {
        await both.arrived();
        return { text: "writer report: done" };
      }
      return parentTurn(r, "Read notes.txt and report", "Say done");
    };
    const from = s.sim.requests.length;
    s.sim.script(route, route, route, route, route);
    const r = await runCli(["--model", "sim/sim-model", "-p", PARENT_PROMPT], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 30_000,
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("PARENT-DONE\n");
    const requests = s.sim.requests.slice(from);
    expect(requests).toHaveLength(5);

    const scout = requests.filter((q) => isChild(q, SCOUT));
    const writer = requests.filter((q) => isChild(q, WRITER));
    const parent = requests.filter((q) => !isChild(q, SCOUT) && !isChild(q, WRITER));
    expect(scout).toHaveLength(2);
    expect(writer).toHaveLength(1);
    // Each child on its own model, with its own tools, and none of the parent's conversation.
    expect(scout.map((q) => q.body.model)).toEqual(["sim-other", "sim-other"]);
    expect(writer[0].body.model).toBe("sim-model");
    expect(toolNames(scout[0])).toEqual(["read"]);
    expect(toolNames(writer[0])).toEqual(["bash"]);
    for (const q of [...scout, ...writer]) expect(q.rawBody).not.toContain(PARENT_PROMPT);
    expect(scout[0].body.messages.filter((m: { role: string }) => m.role === "user").map((m: { content: unknown }) => m.content)).toEqual([
      "Read notes.txt and report",
    ]);
    // The parent sees the agents by name and description, and gets only the answers back.
    expect(systemOf(parent[0])).toContain("<name>scout</name>");
    expect(systemOf(parent[0])).toContain("Reads files and reports");
    expect(toolNames(parent[0])).toContain("subagent");
    const results = parent[1].body.messages.filter((m: { role: string }) => m.role === "tool").map((m: { content: string }) => m.content);
    expect(results).toEqual(["scout report: notes.txt holds a marker", "writer report: done"]);
    expect(parent[1].rawBody).not.toContain(FILE_SECRET);

    // The parent's file links each child's file, which holds the child's own transcript.
    const files = sessionFiles(join(agentDir, "sessions"));
    const parentFile = files.find((f) => !f.includes(`${join("subagents")}/`))!;
    const parentText = readFileSync(parentFile, "utf8");
    expect(parentText).not.toContain(FILE_SECRET);
    expect(parentText).not.toContain(SCOUT);
    const linked = parentText
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "message" && e.message.role === "toolResult")
      .map((e) => e.message.details.sessionFile as string);
    expect(linked).toHaveLength(2);
    expect(linked.every((f) => files.includes(f))).toBe(true);
    const scoutText = readFileSync(linked.find((f) => f.includes("scout-"))!, "utf8");
    expect(scoutText).toContain(FILE_SECRET);
    expect(scoutText).toContain("scout report");
  });

  it("returns a failing child's error as an error result while its sibling succeeds", async () => {
    const { project, agentDir } = s.project();
    writeTwoModels(agentDir, s.sim.url);
    writeAgents(agentDir);
    const route = async (r: RecordedRequest): Promise<Turn> => {
      // 400 is not transient: the child's request fails at once, with no retry or fallback.
      if (isChild(r, SCOUT)) return { fault: { kind: "status", status: 400, message: "the scout's request is refused" } };
      if (isChild(r, WRITER)) return { text: "writer report: fine" };
      return parentTurn(r, "fail", "succeed");
    };
    const from = s.sim.requests.length;
    s.sim.script(route, route, route, route);
    const r = await runCli(["--model", "sim/sim-model", "--mode", "json", PARENT_PROMPT], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 30_000,
    });
    expect(r.code).toBe(0);
    const ends = r.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "tool_execution_end" && e.toolName === "subagent");
    const byAgent = Object.fromEntries(ends.map((e) => [e.result.details.agent, e]));
    expect(byAgent.scout.isError).toBe(true);
    expect(byAgent.scout.result.content[0].text).toMatch(/Subagent "scout" failed: .*400.*refused/);
    expect(byAgent.scout.result.details.status).toBe("failed");
    expect(byAgent.writer.isError).toBe(false);
    expect(byAgent.writer.result.content[0].text).toBe("writer report: fine");
    const last = s.sim.requests.slice(from).at(-1)!;
    expect(last.rawBody).toContain("writer report: fine");
  });

  it("an abort stops both running children", async () => {
    const { project, agentDir } = s.project();
    writeTwoModels(agentDir, s.sim.url);
    writeAgents(agentDir);
    const both = arrivals(2);
    let childRequests = 0;
    const route = async (r: RecordedRequest): Promise<Turn> => {
      if (isChild(r, SCOUT) || isChild(r, WRITER)) {
        childRequests++;
        both.arrived();
        // Both children stream a few words, then stall until the abort cuts them.
        return { text: "working on it, slowly", chunkSize: 4, fault: { kind: "stall", afterChunks: 2 } };
      }
      return parentTurn(r, "a long job", "another long job");
    };
    s.sim.script(route, route, route);
    const rpc = new RpcProcess(["--model", "sim/sim-model"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    try {
      await rpc.call({ type: "prompt", message: PARENT_PROMPT });
      await both.all;
      // The children's progress reaches the parent's tool rows.
      const update = await rpc.waitFor((e) => e.type === "tool_execution_update" && e.toolName === "subagent");
      expect(update.partialResult.details.status).toBe("running");
      expect(update.partialResult.content[0].text).toMatch(/^⏳ (scout|writer) \(sim\/sim-(other|model)\)/);
      expect(await rpc.call({ type: "abort" })).toMatchObject({ success: true });
      await rpc.waitFor((e) => e.type === "agent_end", 0, 15_000);
      const ends = rpc.events("tool_execution_end").filter((e) => e.toolName === "subagent");
      expect(ends).toHaveLength(2);
      for (const e of ends) {
        expect(e.isError).toBe(true);
        expect(e.result.details.status).toBe("aborted");
      }
      // No third child request: nothing went on after the abort.
      expect(childRequests).toBe(2);
    } finally {
      await rpc.close();
    }
  });
});
