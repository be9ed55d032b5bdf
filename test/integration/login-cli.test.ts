// Subscription sign-in through the real CLI, against the loopback authorization server and the
// simulator: /login and /logout over RPC (the picker, the address, the callback), the requests'
// headers after signing in, `pi --list-models` for signed-in subscriptions (and an OAuth entry
// nobody understands reported, not ignored), and two processes renewing one expired token at once
// (auth.json's lock: the refresh token is spent once, both get the new token).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OAuthServer, startOAuthServer } from "../support/oauth-server.js";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";

let server: OAuthServer;
let sim: Simulator;
const roots: string[] = [];
beforeAll(async () => {
  [server, sim] = await Promise.all([startOAuthServer(), startSimulator()]);
});
afterAll(async () => {
  await Promise.all([server.close(), sim.close()]);
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A project and an agent dir whose models.json sends the subscriptions' providers to the simulator. */
function setUp(auth?: Record<string, unknown>) {
  const root = mkdtempSync(join(tmpdir(), "pi-login-cli-"));
  roots.push(root);
  const agentDir = join(root, "agent");
  mkdirSync(agentDir, { recursive: true });
  const providers = Object.fromEntries(["anthropic", "openai-codex", "github-copilot"].map((p) => [p, { baseUrl: sim.url }]));
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers }));
  if (auth) writeFileSync(join(agentDir, "auth.json"), JSON.stringify(auth), { mode: 0o600 });
  const env: Record<string, string> = {
    PI_CODING_AGENT_DIR: agentDir,
    PI_KERNEL_TEST_OAUTH_SERVER: server.url,
    PI_KERNEL_PROBE_PORTS: "none",
    ANTHROPIC_API_KEY: "",
    OPENAI_API_KEY: "",
    GEMINI_API_KEY: "",
  };
  return { root, agentDir, env, auth: () => JSON.parse(readFileSync(join(agentDir, "auth.json"), "utf8")) };
}

describe("pi with a subscription", () => {
  it("/login over RPC: picker, address, callback; the next request is signed; /logout removes the entry", async () => {
    const { root, env, agentDir, auth } = setUp();
    const rpc = new RpcProcess(["--no-session"], { cwd: root, env });
    try {
      const isUi = (method: string) => (r: Record<string, unknown>) => r.type === "extension_ui_request" && r.method === method;
      let mark = rpc.records.length;
      rpc.writeLine(JSON.stringify({ id: "login", type: "prompt", message: "/login" }));
      const pick = await rpc.waitFor(isUi("select"), mark);
      expect(pick.options).toEqual(expect.arrayContaining(["Anthropic (Claude Pro/Max)", "GitHub Copilot", "Google Gemini CLI"]));
      expect(pick.options.some((o: string) => o.startsWith("ChatGPT Plus/Pro"))).toBe(true);
      rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: pick.id, value: "Anthropic (Claude Pro/Max)" }));
      const shown = await rpc.waitFor((r) => isUi("notify")(r) && /Open this address/.test(r.message), mark);
      const address = /(http\S+)/.exec(shown.message)![1]!;
      expect(new URL(address).searchParams.get("code_challenge_method")).toBe("S256");
      // The browser: approve, follow the redirect to pi's loopback callback.
      expect((await fetch(address)).status).toBe(200);
      const done = await rpc.waitFor((r) => isUi("notify")(r) && /Signed in/.test(r.message), mark);
      expect(done.message).toContain("Anthropic (Claude Pro/Max)");
      expect(auth().anthropic).toMatchObject({ type: "oauth", access: expect.stringMatching(/^sk-ant-oat01-/) });
      expect(statSync(join(agentDir, "auth.json")).mode & 0o777).toBe(0o600);

      sim.script({ text: "hello subscriber" });
      const before = sim.requests.length;
      mark = rpc.records.length;
      rpc.writeLine(JSON.stringify({ type: "prompt", message: "hi" }));
      await rpc.waitFor((r) => r.type === "agent_end", mark);
      const request = sim.requests[before]!;
      expect(request.headers.authorization).toBe(`Bearer ${auth().anthropic.access}`);
      expect(request.headers["anthropic-beta"]).toContain("oauth-2025-04-20");

      mark = rpc.records.length;
      rpc.writeLine(JSON.stringify({ type: "prompt", message: "/logout anthropic" }));
      await rpc.waitFor((r) => isUi("notify")(r) && /Signed out/.test(r.message), mark);
      expect(auth().anthropic).toBeUndefined();
    } finally {
      await rpc.close();
    }
  });

  it("--list-models shows the signed-in subscriptions' models and reports an OAuth entry it cannot use", async () => {
    const later = Date.now() + 3_600_000;
    const entry = (extra = {}) => ({ type: "oauth", access: "a", refresh: "r", expires: later, ...extra });
    const { root, env } = setUp({
      "openai-codex": entry({ accountId: "x" }),
      "github-copilot": entry(),
      "google-antigravity": entry({ projectId: "p" }),
      "mystery-cloud": entry(),
    });
    const r = await runCli(["--list-models"], { cwd: root, env });
    expect(r.code).toBe(0);
    for (const id of ["openai-codex ", "gpt-5.1-codex", "github-copilot ", "claude-sonnet-4.5", "google-antigravity "])
      expect(r.stdout).toContain(id);
    expect(r.stdout).not.toMatch(/^anthropic /m);
    expect(r.stderr).toContain('"mystery-cloud"');
  });

  it("two processes renewing one expired token: one refresh, both requests carry the new token", async () => {
    server.allowRefresh("rt-shared");
    server.refreshDelayMs = 300; // both processes are up and due before the first renewal lands
    const { root, env, auth } = setUp({ anthropic: { type: "oauth", access: "sk-ant-oat01-old", refresh: "rt-shared", expires: 0 } });
    sim.script({ text: "one" }, { text: "two" });
    const before = { refreshes: server.refreshCalls, requests: sim.requests.length };
    const run = () => runCli(["--no-session", "--model", "anthropic/claude-sonnet-4-5", "-p", "hi"], { cwd: root, env, timeoutMs: 30_000 });
    const results = await Promise.all([run(), run()]);
    server.refreshDelayMs = 0;
    for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });
    expect(server.refreshCalls - before.refreshes).toBe(1);
    const renewed = auth().anthropic;
    expect(renewed.access).not.toBe("sk-ant-oat01-old");
    const used = sim.requests.slice(before.requests).map((q) => q.headers.authorization);
    expect(used).toEqual([`Bearer ${renewed.access}`, `Bearer ${renewed.access}`]);
  });
});
