// What each signed-in subscription's requests carry, through the real agent (SDK session, the
// built-in provider plugins) against the simulator: the models.json `providers.<name>.baseUrl`
// redirect sends them to loopback; auth.json holds pi's OAuth entries.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentSession, type AgentSession } from "../../../sdk/index.js";
import { startSimulator, type Simulator } from "../../support/simulator/index.mjs";

const CODEX_TOKEN = `e30.${Buffer.from(JSON.stringify({ "https://api.openai.com/auth": { chatgpt_account_id: "acct-42" } })).toString("base64url")}.s`;
const later = () => Date.now() + 3_600_000;

let sim: Simulator;
let root: string;
let session: AgentSession;
beforeAll(async () => {
  sim = await startSimulator();
  root = mkdtempSync(join(tmpdir(), "pi-oauth-req-"));
  const agentDir = join(root, "agent");
  mkdirSync(agentDir, { recursive: true });
  const entry = (access: string, extra = {}) => ({ type: "oauth", access, refresh: "rt", expires: later(), ...extra });
  writeFileSync(
    join(agentDir, "auth.json"),
    JSON.stringify({
      anthropic: entry("sk-ant-oat01-claude"),
      "openai-codex": entry(CODEX_TOKEN, { accountId: "acct-42" }),
      "github-copilot": entry("tid=1;proxy-ep=proxy.individual.githubcopilot.com;"),
      "google-gemini-cli": entry("ya29.gemini", { projectId: "proj-7" }),
      "google-antigravity": entry("ya29.antigravity", { projectId: "proj-ag" }),
    }),
  );
  const providers = Object.fromEntries(
    ["anthropic", "openai-codex", "github-copilot", "google-gemini-cli", "google-antigravity"].map((p) => [p, { baseUrl: sim.url }]),
  );
  writeFileSync(join(agentDir, "models.json"), JSON.stringify({ providers }));
  // The read tool call would start a checkpoint whose git writes can outlast the session.
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ checkpoints: { enabled: false } }));
  session = await createAgentSession({
    cwd: root,
    agentDir,
    noSession: true,
    model: "anthropic/claude-sonnet-4-5",
    onDiagnostic: () => undefined,
  });
});
afterAll(async () => {
  await session?.dispose();
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

async function ask(model: string) {
  session.setModel(model);
  sim.script({ text: "ok" });
  const start = sim.requests.length;
  await session.prompt("hi");
  expect(session.getLastAssistantText()).toBe("ok");
  return sim.requests[start]!;
}

describe("subscription requests", () => {
  it("Claude Pro/Max: bearer token, OAuth and Claude Code betas, Claude Code's identity first in the system prompt", async () => {
    const r = await ask("anthropic/claude-sonnet-4-5");
    expect(r.headers.authorization).toBe("Bearer sk-ant-oat01-claude");
    expect(r.headers["x-api-key"]).toBeUndefined();
    expect(r.headers["anthropic-beta"]).toContain("oauth-2025-04-20");
    expect(r.headers["anthropic-beta"]).toContain("claude-code-20250219");
    expect(r.headers["user-agent"]).toMatch(/^claude-cli\//);
    expect(r.headers["x-app"]).toBe("cli");
    expect(r.body.system[0].text).toBe("You are Claude Code, Anthropic's official CLI for Claude.");
    expect(r.body.system.length).toBe(2);
  });

  it("Claude Pro/Max: our tools go out under Claude Code's names, and a call by that name runs ours", async () => {
    session.setModel("anthropic/claude-sonnet-4-5");
    writeFileSync(join(root, "notes.txt"), "from the file\n");
    sim.script({ toolCalls: [{ name: "Read", arguments: { path: "notes.txt" } }] }, { text: "read it" });
    const start = sim.requests.length;
    await session.prompt("read notes.txt");
    const [first, second] = sim.requests.slice(start);
    const names = first!.body.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(["Read", "Bash", "Edit", "Write"]));
    expect(names).not.toContain("read");
    // The call came back as "Read" and ran our read tool: its result is in the next request,
    // whose replayed call carries Claude Code's name again.
    const replayed = second!.body.messages.flatMap((m: { content: Record<string, unknown>[] }) => m.content);
    expect(replayed.find((b: Record<string, unknown>) => b.type === "tool_use")).toMatchObject({ name: "Read" });
    const result = replayed.find((b: Record<string, unknown>) => b.type === "tool_result") as { is_error?: boolean; content: unknown };
    expect(result.is_error).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain("from the file");
    expect(session.getLastAssistantText()).toBe("read it");
  });

  it("ChatGPT (Codex): the Codex responses endpoint, account id, originator, instructions", async () => {
    const r = await ask("openai-codex/gpt-5.1-codex");
    expect(r.path).toBe("/codex/responses");
    expect(r.headers.authorization).toBe(`Bearer ${CODEX_TOKEN}`);
    expect(r.headers["chatgpt-account-id"]).toBe("acct-42");
    expect(r.headers.originator).toBe("pi");
    expect(r.headers["openai-beta"]).toBe("responses=experimental");
    expect(typeof r.body.instructions).toBe("string");
    expect(r.body.store).toBe(false);
    expect(r.body.max_output_tokens).toBeUndefined();
  });

  it("GitHub Copilot: the Copilot token as bearer, editor headers, who started the turn", async () => {
    const r = await ask("github-copilot/gpt-4.1");
    expect(r.headers.authorization).toBe("Bearer tid=1;proxy-ep=proxy.individual.githubcopilot.com;");
    expect(r.headers["editor-version"]).toMatch(/^vscode\//);
    expect(r.headers["copilot-integration-id"]).toBe("vscode-chat");
    expect(r.headers["x-initiator"]).toBe("user");
    expect(r.headers["openai-intent"]).toBe("conversation-edits");
  });

  it("Gemini CLI: the cloud-code endpoint with the project and the wrapped request", async () => {
    const r = await ask("google-gemini-cli/gemini-2.5-flash");
    expect(r.path).toBe("/v1internal:streamGenerateContent");
    expect(r.headers.authorization).toBe("Bearer ya29.gemini");
    expect(r.body).toMatchObject({ project: "proj-7", model: "gemini-2.5-flash", request: { contents: expect.any(Array) } });
  });

  it("Antigravity: Antigravity's identity opens the system instruction (role user), ours follows; an agent request", async () => {
    const r = await ask("google-antigravity/gemini-3-pro-high");
    expect(r.path).toBe("/v1internal:streamGenerateContent");
    expect(r.headers.authorization).toBe("Bearer ya29.antigravity");
    expect(r.headers["user-agent"]).toMatch(/^antigravity\//);
    expect(r.body).toMatchObject({ project: "proj-ag", requestType: "agent", userAgent: "antigravity" });
    const instruction = r.body.request.systemInstruction;
    expect(instruction.role).toBe("user");
    expect(instruction.parts).toHaveLength(1);
    const text: string = instruction.parts[0].text;
    expect(text.startsWith("<identity>\nYou are Antigravity, a powerful agentic AI coding assistant")).toBe(true);
    // Ours comes last, whole: the tools it lists are there.
    expect(text.indexOf("You are pi-kernel")).toBeGreaterThan(text.indexOf("</identity>"));
    expect(text).toMatch(/\bread\b[\s\S]*\bbash\b/);
    // Gemini CLI requests keep ours alone.
    const gemini = await ask("google-gemini-cli/gemini-2.5-flash");
    expect(gemini.body.request.systemInstruction.parts[0].text).not.toContain("Antigravity");
    expect(gemini.body.userAgent).toBe("pi-coding-agent");
  });
});
