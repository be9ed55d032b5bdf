// Permission modes and rules through the real CLI against the loopback simulator: read-only mode
// refuses edit, write and bash and leaves the file alone; a deny rule blocks one bash command
// while another runs; ask mode over RPC sends pi's extension_ui_request select and obeys Deny,
// Allow once and Allow always (written to .pi/settings.json, then not asked again); print mode,
// with nobody to ask, denies with a reason; every decision lands in the audit log.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
const APP = 'const greeting = "hello";\nconsole.log(greeting + ", world");\n';

function toolResults(sim: { requests: { body: unknown }[] }, from: number): string[] {
  const body = sim.requests.slice(from).at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === "tool").map((m) => m.content);
}

/** Every audit record of the sessions under this agent dir. */
function auditRecords(agentDir: string): Record<string, unknown>[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith(".audit.ndjson")) found.push(join(dir, e.name));
    }
  };
  walk(join(agentDir, "sessions"));
  return found.flatMap((f) =>
    readFileSync(f, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  );
}

describe("permissions through the spawned CLI", () => {
  const env = simProjects();

  it("read-only refuses edit, write and bash; the file is unchanged and reads still work", async () => {
    const { project, agentDir } = env.project();
    env.sim.script(
      { toolCalls: [{ name: "edit", arguments: { path: "src/app.js", edits: [{ oldText: '"hello"', newText: '"bye"' }] } }] },
      { toolCalls: [{ name: "write", arguments: { path: "src/app.js", content: "gone\n" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "rm src/app.js" } }] },
      { toolCalls: [{ name: "read", arguments: { path: "src/app.js" } }] },
      { text: "could not change it" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", "read-only", "-p", "change the app"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("could not change it\n");
    const [edit, write, bash, read] = toolResults(env.sim, from);
    expect(edit).toMatch(/Permission mode is read-only: edit edits files/);
    expect(write).toMatch(/Permission mode is read-only: write edits files/);
    expect(bash).toMatch(/Permission mode is read-only: bash runs commands/);
    expect(read).toContain('const greeting = "hello";');
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(APP);
    const audit = auditRecords(agentDir);
    expect(audit.map((a) => [a.tool, a.decision, a.by])).toEqual([
      ["edit", "deny", "mode"],
      ["write", "deny", "mode"],
      ["bash", "deny", "mode"],
      ["read", "allow", "mode"],
    ]);
    expect(audit[2]).toMatchObject({ summary: "bash: rm src/app.js", mode: "read-only" });
  });

  it("a deny rule blocks one bash command while another runs (in the default yolo mode)", async () => {
    const { project, agentDir } = env.project();
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ permissions: { deny: ["Bash(rm:*)"], allow: ["Bash"] } }));
    env.sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: "echo start && rm src/app.js" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "echo fine > ok.txt && cat ok.txt" } }] },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "-p", "clean up"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stdout).toBe("done\n");
    const [denied, ran] = toolResults(env.sim, from);
    expect(denied).toMatch(/Permission denied by the rule Bash\(rm:\*\) \(global settings, permissions\.deny\)/);
    expect(ran).toBe("fine");
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toBe(APP);
    expect(readFileSync(join(project, "ok.txt"), "utf8")).toBe("fine\n");
  });

  it("print mode in ask mode has nobody to ask: the call is denied with the rule that would allow it", async () => {
    const { project, agentDir } = env.project();
    env.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "npm test --silent" } }] }, { text: "denied" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", "ask", "-p", "test"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stdout).toBe("denied\n");
    expect(toolResults(env.sim, from)[0]).toMatch(
      /Permission needed for bash: npm test --silent \(permission mode ask\), but there is nobody to ask .*"permissions": \{"allow": \["Bash\(npm test:\*\)"\]\}/,
    );
  });

  it("ask mode over RPC: extension_ui_request select; Deny, Allow once and Allow always are obeyed", async () => {
    const { project, agentDir } = env.project();
    const rpc = new RpcProcess([...MODEL, "--permission-mode", "ask"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    const answer = async (from: number, value: string) => {
      const ask = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select", from);
      expect(ask.options.slice(0, 3)).toEqual(["Allow once", "Allow always", "Deny"]);
      rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: ask.id, value }));
      return ask;
    };
    const run = async (command: string, reply: string | undefined) => {
      env.sim.script({ toolCalls: [{ name: "bash", arguments: { command } }] }, { text: "ok" });
      const mark = rpc.records.length;
      await rpc.call({ type: "prompt", message: command });
      const ask = reply === undefined ? undefined : await answer(mark, reply);
      const end = await rpc.waitFor((r) => r.type === "tool_execution_end", mark);
      await rpc.waitFor((r) => r.type === "agent_end", mark);
      return { ask, end, asked: rpc.records.slice(mark).some((r) => r.type === "extension_ui_request" && r.method === "select") };
    };

    const denied = await run("echo no > denied.txt", "Deny");
    expect(denied.ask!.title).toMatch(/Allow bash: echo no > denied\.txt\?/);
    expect(denied.end.isError).toBe(true);
    expect(JSON.stringify(denied.end.result)).toMatch(/The user denied this tool call/);
    expect(existsSync(join(project, "denied.txt"))).toBe(false);

    const once = await run("echo yes > once.txt", "Allow once");
    expect(once.end.isError).toBe(false);
    expect(readFileSync(join(project, "once.txt"), "utf8")).toBe("yes\n");

    const always = await run("touch always-1.txt", "Allow always");
    expect(always.ask!.title).toContain("Bash(touch always-1.txt:*)");
    expect(existsSync(join(project, "always-1.txt"))).toBe(true);
    const saved = JSON.parse(readFileSync(join(project, ".pi", "settings.json"), "utf8"));
    expect(saved.permissions.allow).toEqual(["Bash(touch always-1.txt:*)"]);
    const again = await run("touch always-1.txt", undefined);
    expect(again.asked).toBe(false);
    expect(again.end.isError).toBe(false);

    // The mode changes over RPC; yolo asks nothing.
    expect((await rpc.call({ type: "get_permission_mode" })).data.mode).toBe("ask");
    expect((await rpc.call({ type: "set_permission_mode", mode: "yolo" })).data).toEqual({ mode: "yolo" });
    const bad = await rpc.call({ type: "set_permission_mode", mode: "sometimes" });
    expect(bad).toMatchObject({
      success: false,
      error: 'Unknown permission mode "sometimes"; expected one of yolo, ask, accept-edits, read-only',
    });
    const yolo = await run("echo free > free.txt", undefined);
    expect(yolo.asked).toBe(false);
    expect(existsSync(join(project, "free.txt"))).toBe(true);
    expect(await rpc.close()).toBe(0);

    const audit = auditRecords(agentDir);
    expect(audit.map((a) => [a.decision, a.by, a.answer ?? null])).toEqual([
      ["deny", "user", "deny"],
      ["allow", "user", "allow-once"],
      ["allow", "user", "allow-always"],
      ["allow", "rule", null],
      ["allow", "mode", null],
    ]);
  });

  it("an untrusted project cannot allow its own commands; its deny rules still apply", async () => {
    const { project, agentDir } = env.project();
    mkdirSync(join(project, ".pi"));
    writeFileSync(join(project, ".pi", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash"], deny: ["Read(./.env)"] } }));
    writeFileSync(join(project, ".env"), "SECRET=1\n");
    env.sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: "echo hi" } }] },
      { toolCalls: [{ name: "read", arguments: { path: ".env" } }] },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", "ask", "-p", "go"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stdout).toBe("done\n");
    const [bash, read] = toolResults(env.sim, from);
    expect(bash).toMatch(/Permission needed for bash: echo hi/);
    expect(read).toMatch(/Permission denied by the rule Read\(\.\/\.env\) \(project settings/);
  });
});
