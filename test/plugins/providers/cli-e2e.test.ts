// The real CLI with the built-in provider plugins (pi-packages.json) against the simulator: one
// print run per wire format, a retried 429, and --list-models reading a key from the environment.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";
import { runCli } from "../../support/run-cli.js";
import { writeApiModels } from "../../support/scenario.mjs";

let sim: Simulator;
let dir: string;
let env: Record<string, string>;
const KEY = "sk-e2e-secret-key-0001";

beforeEach(async () => {
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), "pik-providers-cli-"));
  const agentDir = join(dir, "agent");
  mkdirSync(agentDir);
  writeApiModels(agentDir, sim.url, KEY);

  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 5 } }));
  env = { PI_CODING_AGENT_DIR: agentDir, PI_KERNEL_PROBE_PORTS: "none", ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", GEMINI_API_KEY: "" };
});
afterEach(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it.each([
  ["a/m-anthropic-messages", "anthropic", "x-api-key"],
  ["r/m-openai-responses", "responses", "authorization"],
  ["g/m-google-generative-ai", "gemini", "x-goog-api-key"],
  ["c/m-openai-completions", "openai", "authorization"],
])("pi -p with --model %s streams through its provider plugin", async (model, format, header) => {
  sim.script({ thinking: "hmm", text: `Hello from ${format}.` });
  const r = await runCli(["--model", `${model}:low`, "--no-session", "-p", "hi"], { cwd: dir, env });
  expect(r.stderr).toBe("");
  expect(r.stdout.trim()).toBe(`Hello from ${format}.`);
  expect(r.code).toBe(0);
  expect(sim.requests[0].format).toBe(format);
  expect(String(sim.requests[0].headers[header])).toContain(KEY);
});

it("retries a 429 and fails cleanly on a context overflow, never printing the key", async () => {
  sim.script({ fault: { kind: "status", status: 429, retryAfterMs: 5 } }, { text: "after retry" });
  const ok = await runCli(["--model", "a/m-anthropic-messages", "--no-session", "-p", "hi"], { cwd: dir, env });
  expect(ok.stdout.trim()).toBe("after retry");
  sim.script({ fault: { kind: "status", status: 400, message: `prompt is too long: 300000 tokens > 200000 maximum (key ${KEY})` } });
  const overflow = await runCli(["--model", "a/m-anthropic-messages", "--no-session", "-p", "hi"], { cwd: dir, env });
  expect(overflow.code).toBe(1);
  expect(overflow.stderr).toContain("Context overflow: HTTP 400: prompt is too long");
  expect(overflow.stderr + overflow.stdout).not.toContain(KEY);
  expect(sim.requests).toHaveLength(3);
});

it("--list-models shows built-in models whose key is in the environment", async () => {
  const r = await runCli(["--list-models", "gemini-2.5"], { cwd: dir, env: { ...env, GEMINI_API_KEY: "AIza-e2e" } });
  expect(r.code).toBe(0);
  expect(r.stdout.split("\n")[0]).toMatch(/^provider\s+model\s+context\s+max-out\s+thinking\s+images$/);
  expect(r.stdout).toMatch(/^google\s+gemini-2\.5-pro\s+1M\s+65\.5K\s+yes\s+yes$/m);
  expect(r.stdout).not.toContain("anthropic");
});
