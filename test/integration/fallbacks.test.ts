// Fallback chains, key rotation and model roles through the real CLI against the simulator.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { writeTwoModels } from "../support/scenario.mjs";
import { simProjects } from "../support/sim-projects.js";

type Json = Record<string, any>;

const jsonLines = (stdout: string): Json[] =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe("fallback chains, key rotation and model roles", () => {
  const s = simProjects();

  /** A project with sim-model and sim-other (reasoning) and these settings. */
  const setup = (settings: Json) => {
    const p = s.project();
    writeTwoModels(p.agentDir, s.sim.url);
    writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify(settings));
    return p;
  };
  const pi = (p: { project: string; agentDir: string }, args: string[]) =>
    runCli(args, { cwd: p.project, env: { PI_CODING_AGENT_DIR: p.agentDir }, timeoutMs: 30_000 });

  it("a 429 on the first model moves the turn to the fallback at once, announced and with the thinking level mapped", async () => {
    const p = setup({ fallbacks: { "sim/sim-other": ["sim/sim-model"] } });
    s.sim.script({ fault: { kind: "status", status: 429, message: "slow down" } }, { text: "answered by the fallback" });
    const from = s.sim.requests.length;
    const r = await pi(p, ["--model", "sim/sim-other", "--thinking", "high", "--mode", "json", "hi"]);
    expect(r.code).toBe(0);
    const requests = s.sim.requests.slice(from);
    expect(requests.map((q) => q.body.model)).toEqual(["sim-other", "sim-model"]);
    expect(requests[0].body.reasoning_effort).toBe("high");
    // sim-model does not reason: "high" maps to off, so no reasoning is asked for.
    expect(requests[1].body.reasoning_effort).toBeUndefined();
    const events = jsonLines(r.stdout);
    expect(events.find((e) => e.type === "model_fallback")).toMatchObject({
      from: "sim/sim-other",
      to: "sim/sim-model",
      reason: expect.stringMatching(/429.*slow down/),
      thinkingLevel: "off",
    });
    // No wait for the retry budget: the rate limit went straight to the fallback.
    expect(events.some((e) => e.type === "auto_retry_start")).toBe(false);
    const end = events.filter((e) => e.type === "message_end").at(-1)!;
    expect(end.message).toMatchObject({ provider: "sim", model: "sim-model", stopReason: "stop" });
    expect(r.stderr).toMatch(/warning: sim\/sim-other failed \(HTTP 429: slow down\); continuing on sim\/sim-model/);
  });

  it("a 5xx falls back only after the retry budget, and the rest of the run stays on the fallback", async () => {
    const p = setup({ fallbacks: { "sim/sim-model": ["sim/sim-other"] }, retry: { maxRetries: 1, baseDelayMs: 1 } });
    s.sim.script(
      { fault: { kind: "status", status: 500, message: "boom" } },
      { fault: { kind: "status", status: 503, message: "still down" } },
      { toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] },
      { text: "done on the fallback" },
    );
    const from = s.sim.requests.length;
    const r = await pi(p, ["--model", "sim/sim-model", "-p", "read the app"]);
    expect(r.stdout).toBe("done on the fallback\n");
    // Two tries on sim-model (the budget), then sim-other; the next turn skips sim-model.
    expect(s.sim.requests.slice(from).map((q) => q.body.model)).toEqual(["sim-model", "sim-model", "sim-other", "sim-other"]);
  });

  it("falls back across wire formats: an overloaded Anthropic model continues on an OpenAI-compatible one", async () => {
    const p = setup({ fallbacks: { "ant/claude-sim": ["sim/sim-model"] } });
    const models = JSON.parse(readFileSync(join(p.agentDir, "models.json"), "utf8"));
    models.providers.ant = {
      baseUrl: s.sim.url,
      api: "anthropic-messages",
      apiKey: "ant-key",
      models: [{ id: "claude-sim", name: "Claude (simulated)", contextWindow: 200000, maxTokens: 8192 }],
    };
    writeFileSync(join(p.agentDir, "models.json"), JSON.stringify(models));
    s.sim.script({ fault: { kind: "status", status: 529 } }, { text: "the other wire answered" });
    const from = s.sim.requests.length;
    const r = await pi(p, ["--model", "ant/claude-sim", "-p", "hi"]);
    expect(r.stdout).toBe("the other wire answered\n");
    const requests = s.sim.requests.slice(from);
    expect(requests.map((q) => q.format)).toEqual(["anthropic", "openai"]);
    // The Anthropic key never goes to the other provider.
    expect(requests[1].headers.authorization).toBe("Bearer sim-secret-key");
  });

  it("a reply that breaks mid-stream moves to the fallback too: the partial answer is dropped, never printed", async () => {
    const p = setup({ fallbacks: { "sim/sim-model": ["sim/sim-other"] } });
    s.sim.script(
      { text: "partial answer that breaks", chunkSize: 4, fault: { kind: "error", afterChunks: 3, status: 529 } },
      { text: "whole answer" },
    );
    const from = s.sim.requests.length;
    const r = await pi(p, ["--model", "sim/sim-model", "-p", "hi"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("whole answer\n");
    expect(r.stderr).toMatch(/continuing on sim\/sim-other/);
    expect(s.sim.requests.slice(from).map((q) => q.body.model)).toEqual(["sim-model", "sim-other"]);
  });

  it("uses the second key of auth.json after a 429 on the first", async () => {
    const p = setup({});
    writeFileSync(join(p.agentDir, "auth.json"), JSON.stringify({ sim: { type: "api_key", key: ["first-key-1111", "second-key-2222"] } }));
    s.sim.script({ fault: { kind: "status", status: 429, message: "key limit" } }, { text: "with the second key" });
    const from = s.sim.requests.length;
    expect((await pi(p, ["--model", "sim/sim-model", "-p", "hi"])).stdout).toBe("with the second key\n");
    const keys = s.sim.requests.slice(from).map((q) => q.headers.authorization);
    expect(keys).toEqual(["Bearer first-key-1111", "Bearer second-key-2222"]);
  });

  it("modelRoles: default picks the start-up model unless --model is given; small writes compaction summaries", async () => {
    const p = setup({ modelRoles: { default: "sim/sim-other", small: "sim/sim-model" }, compaction: { keepRecentTokens: 5 } });
    s.sim.script({ text: "first answer, on the default role" }, { text: "## Goal\nSummarised by the small model." });
    const from = s.sim.requests.length;
    expect((await pi(p, ["-p", "remember kiwi"])).stdout).toBe("first answer, on the default role\n");
    const c = await pi(p, ["-c", "-p", "/compact"]);
    expect(c.stderr).not.toMatch(/failed/);
    const [first, summary] = s.sim.requests.slice(from);
    expect(first.body.model).toBe("sim-other");
    expect(summary.body.model).toBe("sim-model");
    expect(JSON.stringify(summary.body.messages)).toContain("remember kiwi");

    s.sim.script({ text: "flag wins" });
    const at = s.sim.requests.length;
    expect((await pi(p, ["--model", "sim/sim-model", "-p", "hi"])).stdout).toBe("flag wins\n");
    expect(s.sim.requests[at].body.model).toBe("sim-model");
  });
});
