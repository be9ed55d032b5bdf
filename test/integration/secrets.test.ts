// The secret policy end to end (docs/usage/security.md), on the spawned CLI against the simulator:
// RPC never shows models.json header values or keys; provider keys taken from the environment do
// not reach bash tool or `!cmd` children (so not the session file, the export or the next
// request) unless settings `shell.passProviderKeys` is true; a broken auth.json is reported and
// the other key sources still work.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentSession } from "../../sdk/index.js";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";

const ENV_SECRET = "sk-test-123"; // OPENAI_API_KEY, a built-in provider's variable
const VAR_SECRET = "sim-var-secret-456"; // MY_SIM_KEY, named by models.json's apiKey
const HEADER_SECRET = "hdr-secret-789"; // a models.json X-Api-Key header
const LITERAL_SECRET = "literal-secret-000"; // a literal apiKey in models.json
const ENV = { OPENAI_API_KEY: ENV_SECRET, MY_SIM_KEY: VAR_SECRET };

let sim: Simulator;
const roots: string[] = [];
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function setUp(opts: { passKeys?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), "pik-secrets-"));
  roots.push(root);
  const project = join(root, "project");
  const agentDir = join(root, "agent");
  mkdirSync(project, { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  const model = { id: "sim-model", name: "Simulated", contextWindow: 200000, maxTokens: 8192 };
  const providers = {
    sim: {
      baseUrl: `${sim.url}/v1`,
      api: "openai-completions",
      apiKey: "MY_SIM_KEY",
      headers: { "X-Api-Key": HEADER_SECRET },
      models: [model],
    },
    lit: { baseUrl: `${sim.url}/v1`, api: "openai-completions", apiKey: LITERAL_SECRET, models: [{ ...model, id: "lit-model" }] },
  };
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers }));
  if (opts.passKeys) writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ shell: { passProviderKeys: true } }));
  return { project, agentDir, env: { ...ENV, PI_CODING_AGENT_DIR: agentDir } };
}

function sessionText(agentDir: string): string {
  const dir = join(agentDir, "sessions");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".jsonl"));
  expect(files).toHaveLength(1);
  return readFileSync(join(dir, files[0]!), "utf8");
}

function rawStdout(rpc: RpcProcess): () => string {
  let out = "";
  rpc.child.stdout!.on("data", (d: string) => (out += d));
  return () => out;
}

describe("secrets", () => {
  it("RPC get_state, get_available_models and set_model show no header value or key; requests still carry them", async () => {
    const { project, env } = setUp();
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model"], { cwd: project, env });
    const out = rawStdout(rpc);
    try {
      const state = await rpc.call({ type: "get_state" });
      expect(state.data.model.id).toBe("sim-model");
      expect(state.data.model).not.toHaveProperty("headers"); // pi's shape: models carry no headers
      const listed = await rpc.call({ type: "get_available_models" });
      expect(listed.data.models.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(["sim-model", "lit-model"]));
      await rpc.call({ type: "set_model", provider: "sim", modelId: "sim-model" });
      sim.script({ text: "ok" });
      const start = sim.requests.length;
      await rpc.call({ type: "prompt", message: "hi" });
      await rpc.waitFor((r) => r.type === "agent_end");
      expect(sim.requests[start]!.headers["x-api-key"]).toBe(HEADER_SECRET);
      expect(sim.requests[start]!.headers.authorization).toBe(`Bearer ${VAR_SECRET}`);
    } finally {
      await rpc.close();
    }
    for (const secret of [HEADER_SECRET, LITERAL_SECRET, VAR_SECRET, ENV_SECRET]) expect(out()).not.toContain(secret);
  });

  it("the SDK's model and setModel show no headers, and the shown model set back still sends them", async () => {
    const { project, agentDir } = setUp();
    process.env.MY_SIM_KEY = VAR_SECRET;
    const session = await createAgentSession({ cwd: project, agentDir, model: "sim/sim-model", noSession: true });
    try {
      expect(session.model?.id).toBe("sim-model");
      expect(JSON.stringify(session.model)).not.toContain(HEADER_SECRET);
      const shown = session.setModel(session.model!);
      expect(JSON.stringify(shown)).not.toContain(HEADER_SECRET);
      sim.script({ text: "ok" });
      const start = sim.requests.length;
      await session.prompt("hi");
      expect(sim.requests[start]!.headers["x-api-key"]).toBe(HEADER_SECRET);
    } finally {
      delete process.env.MY_SIM_KEY;
      await session.dispose();
    }
  });

  it.each([
    [false, "keeps provider keys out of a bash tool call's env: session file, next request, HTML export"],
    [true, "passes them with shell.passProviderKeys: true"],
  ])("passKeys=%s: %s", async (passKeys) => {
    const { project, agentDir, env } = setUp({ passKeys });
    sim.script({ toolCalls: [{ name: "bash", arguments: { command: "env" } }] }, { text: "done" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "show env"], { cwd: project, env });
    expect(r.code).toBe(0);
    const next = sim.requests[start + 1]!.rawBody;
    expect(next).toContain("PI_CODING_AGENT_DIR="); // the tool did run env
    const session = sessionText(agentDir);
    const exported = await runCli(["--export", sessionFile(agentDir), "page.html"], {
      cwd: project,
      env,
    });
    expect(exported.code).toBe(0);
    const html = readFileSync(join(project, "page.html"), "utf8");
    for (const [secret, where] of [
      [ENV_SECRET, "env"],
      [VAR_SECRET, "models.json var"],
    ] as const) {
      for (const [text, name] of [
        [next, "request"],
        [session, "session"],
        [html, "export"],
      ] as const) {
        if (passKeys) expect(text, `${where} in ${name}`).toContain(`=${secret}`);
        else expect(text, `${where} in ${name}`).not.toContain(secret);
      }
    }
  });

  it("an untrusted project's .pi/settings.json cannot opt in", async () => {
    const { project, env } = setUp();
    mkdirSync(join(project, ".pi"));
    writeFileSync(join(project, ".pi", "settings.json"), JSON.stringify({ shell: { passProviderKeys: true } }));
    sim.script({ toolCalls: [{ name: "bash", arguments: { command: "env" } }] }, { text: "done" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "show env"], { cwd: project, env });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("shell.passProviderKeys");
    const next = sim.requests[start + 1]!.rawBody;
    expect(next).toContain("PI_CODING_AGENT_DIR=");
    expect(next).not.toContain(ENV_SECRET);
  });

  it.each([false, true])("!env over RPC (passKeys=%s) follows the same policy", async (passKeys) => {
    const { project, agentDir, env } = setUp({ passKeys });
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model"], { cwd: project, env });
    const out = rawStdout(rpc);
    try {
      const bash = await rpc.call({ type: "bash", command: "env" });
      expect(bash.data.output).toContain("PI_CODING_AGENT_DIR=");
      sim.script({ text: "seen" });
      const start = sim.requests.length;
      await rpc.call({ type: "prompt", message: "what did env say?" });
      await rpc.waitFor((r) => r.type === "agent_end");
      const request = sim.requests[start]!.rawBody;
      const session = sessionText(agentDir);
      for (const text of [out(), request, session]) {
        if (passKeys) expect(text).toContain(`OPENAI_API_KEY=${ENV_SECRET}`);
        else expect(text).not.toContain(ENV_SECRET);
      }
    } finally {
      await rpc.close();
    }
  });

  it.each([
    ["invalid JSON", (file: string) => writeFileSync(file, `{"openai": {"type": "api_key", "key": "sk-stored" oops}}`), "invalid JSON"],
    ["a directory", (file: string) => mkdirSync(file), "cannot be read (EISDIR)"],
  ])("an auth.json that is %s gives a warning naming it, and the env key still works", async (_what, make, detail) => {
    const { project, agentDir, env } = setUp();
    const file = join(agentDir, "auth.json");
    make(file);
    // The built-in openai provider, redirected to the simulator, with its key from OPENAI_API_KEY.
    writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers: { openai: { baseUrl: `${sim.url}/v1` } } }));
    sim.script({ text: "still working" });
    const start = sim.requests.length;
    const r = await runCli(["--model", "openai/gpt-4o", "-p", "hi"], { cwd: project, env });
    expect(r.stderr).toContain(file);
    expect(r.stderr).toContain(detail);
    expect(r.stderr).toContain("its keys are ignored (other key sources still apply)");
    expect(r.stderr).not.toContain("sk-stored");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("still working\n");
    expect(sim.requests[start]!.headers.authorization).toBe(`Bearer ${ENV_SECRET}`);
  });
});

function sessionFile(agentDir: string): string {
  const dir = join(agentDir, "sessions");
  const file = readdirSync(dir, { recursive: true, encoding: "utf8" }).find((f) => f.endsWith(".jsonl"))!;
  return join(dir, file);
}
