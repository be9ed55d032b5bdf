// A provider failing after part of the answer had streamed, through the real CLI, for each wire
// format: one JSON-mode run per API with three messages, each failing once (the API's error event
// after some thinking, a disconnect after some text, a stall after part of a tool call). pi's
// auto_retry_start / auto_retry_end frame each retry, a new message_start supersedes the partial
// one, the session file and the next request never hold the partial, and print mode prints only
// the final answer.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RecordedRequest, type Simulator, startSimulator, type Turn } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";
import { writeApiModels } from "../support/scenario.mjs";

let sim: Simulator;
let dir: string;
let project: string;
let agentDir: string;

const MODELS = {
  anthropic: "a/m-anthropic-messages",
  openai: "c/m-openai-completions",
  responses: "r/m-openai-responses",
  gemini: "g/m-google-generative-ai",
} as const;
type Format = keyof typeof MODELS;
// Frames each format sends before its first content.
const PREAMBLE: Record<Format, number> = { anthropic: 2, openai: 1, responses: 2, gemini: 0 };
// Frames from the first content to partway through the tool call's arguments (Gemini sends a call whole).
const INTO_CALL: Record<Format, number> = { anthropic: 5, openai: 3, responses: 8, gemini: 2 };

beforeAll(async () => {
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), "pik-retry-cli-"));
  project = join(dir, "project");
  agentDir = join(dir, "agent");
  mkdirSync(project);
  mkdirSync(agentDir);
  writeFileSync(join(project, "notes.txt"), "the notes\n");
  writeApiModels(agentDir, sim.url, "sk-sim");

  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 5, provider: { timeoutMs: 400 } } }));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The three messages' turns: each first request fails partway, the retry (and the tool's answer) succeed. */
function script(format: Format): void {
  const thinking: Turn = { thinking: "Weighing the question with care.", text: "First answer.", chunkSize: 4 };
  const text: Turn = { text: "The second answer, streamed in small pieces.", chunkSize: 4 };
  const call: Turn = { text: "Reading.", chunkSize: 20, argsChunkSize: 3, toolCalls: [{ name: "read", arguments: { path: "notes.txt" } }] };
  const after = (request: RecordedRequest): Turn => (request.rawBody.includes("the notes") ? { text: "Third answer." } : call);
  sim.script(
    { ...thinking, fault: { kind: "error", status: 529, afterChunks: PREAMBLE[format] + 3 } },
    thinking,
    { ...text, fault: { kind: "disconnect", afterChunks: PREAMBLE[format] + 4 } },
    text,
    { ...call, fault: { kind: "stall", afterChunks: PREAMBLE[format] + INTO_CALL[format] } },
    after,
    after,
  );
}

function sessionLines(): any[] {
  const root = join(agentDir, "sessions");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"));
  expect(files).toHaveLength(1);
  const lines = readFileSync(join(root, files[0]), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  rmSync(root, { recursive: true, force: true });
  return lines;
}

it.each(Object.keys(MODELS) as Format[])(
  "%s: a turn that fails after thinking, text or part of a tool call is retried whole",
  async (format) => {
    script(format);
    const from = sim.requests.length;
    const r = await runCli(["--mode", "json", "--model", MODELS[format], "one", "two", "three"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // What streamed before each retry: thinking, text, part of a tool call.
    const streamed: string[][] = [];
    let current: string[] = [];
    for (const e of events) {
      if (e.type === "message_start" && e.message.role === "assistant") current = [];
      if (e.type === "message_update") current.push(e.assistantMessageEvent.type);
      if (e.type === "auto_retry_start") {
        expect(e).toMatchObject({ attempt: 1, maxAttempts: 3, delayMs: 5, errorMessage: expect.any(String) });
        streamed.push(current);
      }
    }
    expect(streamed.map((s) => s.at(-1))).toEqual(["thinking_delta", "text_delta", expect.stringMatching(/^toolcall_/)]);
    expect(events.filter((e) => e.type === "auto_retry_end")).toEqual(Array(3).fill({ type: "auto_retry_end", success: true, attempt: 1 }));
    // Each retried message opened again; only finished messages ended.
    const ends = events.filter((e) => e.type === "message_end" && e.message.role === "assistant").map((e) => e.message);
    expect(ends.map((m) => m.stopReason)).toEqual(["stop", "stop", "toolUse", "stop"]);
    expect(ends.map((m) => m.content.find((c: any) => c.type === "text")?.text)).toEqual([
      "First answer.",
      "The second answer, streamed in small pieces.",
      "Reading.",
      "Third answer.",
    ]);
    const starts = events.filter((e) => e.type === "message_start" && e.message.role === "assistant");
    expect(starts).toHaveLength(7);
    // The session holds the finished messages only.
    const assistants = sessionLines().filter((l) => l.type === "message" && l.message.role === "assistant");
    expect(assistants.map((l) => l.message.stopReason)).toEqual(["stop", "stop", "toolUse", "stop"]);
    // A retry sends the same request again; the next message's request holds only finished answers.
    const requests = sim.requests.slice(from);
    expect(requests).toHaveLength(7);
    for (const i of [0, 2, 4]) expect(requests[i + 1].rawBody).toBe(requests[i].rawBody);
    expect(requests[2].rawBody).not.toContain("Weighing the question with care.W");
  },
);

it("print mode prints only the final answer of a retried turn", async () => {
  const text: Turn = { text: "Only this answer.", chunkSize: 3 };
  sim.script({ ...text, fault: { kind: "disconnect", afterChunks: 5 } }, { text: "The whole answer." });
  const r = await runCli(["--model", MODELS.openai, "--no-session", "-p", "hi"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
  expect(r.stdout).toBe("The whole answer.\n");
  expect(r.code).toBe(0);
});
