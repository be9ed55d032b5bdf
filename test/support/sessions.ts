// The session tests' harness: an in-process agent with the real models, provider and session
// plugins, a models.json that points at the LLM simulator, temp dirs that are removed afterwards,
// pi's session fixtures with their oracles, and sessionSuite(), the per-file setup they share.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startSimulator, type Simulator } from "./simulator/index.mjs";
import {
  createKernel,
  definePlugin,
  type AgentEvent,
  type Diagnostic,
  type Kernel,
  type PluginApi,
  type PluginDef,
} from "../../kernel/index.js";
import models from "../../plugins/models/index.js";
import provider from "../../plugins/provider-openai-completions/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import type { SessionsService } from "../../contracts/sessions.js";
import { kernelModules } from "./kernel-modules.js";

// Real session files written by pi 0.73.1 (copied from the project's shared fixtures), with the oracles.
export const FIXTURES = join(import.meta.dirname, "..", "fixtures", "pi-sessions");
// Real session files written by pi 0.86.1 (made by test/fixtures/pi-sessions-current/generate.mjs).
export const CURRENT_FIXTURES = join(import.meta.dirname, "..", "fixtures", "pi-sessions-current");

export interface SessionEnv {
  root: string;
  project: string;
  agentDir: string;
  sessionDir: string;
  cleanup(): void;
}

/** Temp dirs; `simUrl` configures the `llmsim-openai/sim-model` the fixtures were made with. */
export function sessionEnv(
  simUrl = "http://127.0.0.1:9/v1-unused",
  contextWindow = 1_000_000,
  settings: Record<string, unknown> = {},
): SessionEnv {
  const root = mkdtempSync(join(tmpdir(), "pik-session-"));
  const project = join(root, "project");
  const agentDir = join(root, "agent");
  mkdirSync(project, { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(
    join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        "llmsim-openai": {
          baseUrl: simUrl.endsWith("/v1") ? simUrl : `${simUrl}/v1`,
          api: "openai-completions",
          apiKey: "sim-key",
          models: [
            // Reasoning models, so the thinking levels these tests record are not clamped to "off".
            { id: "sim-model", contextWindow, maxTokens: 32000, reasoning: true },
            { id: "other-model", contextWindow, maxTokens: 32000, reasoning: true },
          ],
        },
      },
    }),
  );
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings));
  return { root, project, agentDir, sessionDir: join(root, "sessions"), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Copies a fixture into `dir`, its header's cwd rewritten to `cwd`. */
export function copyFixture(name: string, dir: string, cwd: string, from = FIXTURES): string {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, `${name}.jsonl`);
  copyFileSync(join(from, `${name}.jsonl`), target);
  const lines = readFileSync(target, "utf8").split("\n");
  lines[0] = JSON.stringify({ ...JSON.parse(lines[0]), cwd });
  writeFileSync(target, lines.join("\n"));
  return target;
}

export function oracle(
  name: string,
  from = FIXTURES,
): {
  messages: unknown[];
  leafId: string;
  offPathUserTexts: string[];
  state: {
    model: { provider: string; id: string };
    thinkingLevel: string;
    sessionName: string | null;
    messageCount: number;
    sessionId: string;
  };
  stats: Record<string, unknown>;
} {
  return JSON.parse(readFileSync(join(from, `${name}.oracle.json`), "utf8"));
}

export interface Agent {
  kernel: Kernel;
  api: PluginApi;
  sessions: SessionsService;
  events: AgentEvent[];
  diagnostics: Diagnostic[];
  /** The api of the newest plugin generation (after a reload `api` is stale). */
  latest(): PluginApi;
  stop(): Promise<void>;
}

export async function startAgent(
  env: SessionEnv,
  flags: Record<string, unknown> = {},
  extra: PluginDef[] = [],
  settings: Record<string, unknown> = {},
): Promise<Agent> {
  const events: AgentEvent[] = [];
  const diagnostics: Diagnostic[] = [];
  let captured: PluginApi | undefined;
  const probe = definePlugin({
    name: "test-probe",
    setup(api) {
      captured = api;
      api.on("event", (e) => void events.push(e));
      api.on("diagnostic", (d) => void diagnostics.push(d));
    },
  });
  const kernel = createKernel({
    ...(await kernelModules()),
    cwd: env.project,
    agentDir: env.agentDir,
    settings,
    flags: { sessionDir: env.sessionDir, provider: undefined, ...flags },
    plugins: [probe, models, provider, sessionJsonl, ...extra],
    fallbackReport: (d) => void diagnostics.push(d),
  });
  await kernel.start();
  const api = captured!;
  return { kernel, api, sessions: api.services.use("sessions"), events, diagnostics, latest: () => captured!, stop: () => kernel.stop() };
}

export function readEntries(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export interface Suite {
  sim: Simulator;
  /** The test's env: set it (sessionEnv(t.sim.url)) and it is removed after the test. */
  env: SessionEnv;
  /** An in-process agent the test started: stopped after the test. */
  agent?: Agent;
}

/**
 * One simulator per test file; after each test, `teardown` (the file's own: child processes,
 * permissions), then the agent is stopped and the env removed.
 */
export function sessionSuite(teardown?: () => void | Promise<void>): Suite {
  const t = {} as Suite;
  beforeAll(async () => {
    t.sim = await startSimulator();
  });
  afterAll(async () => {
    await t.sim.close();
  });
  afterEach(async () => {
    await teardown?.();
    await t.agent?.stop();
    t.agent = undefined;
    t.env?.cleanup();
  });
  return t;
}
