// One meaning of a path, and the agent's own configuration, through the real CLI against the
// loopback simulator (issue 30, points 1 and 3):
// - spellings the tools accept (`@.env`, a no-break space before an absolute path, a symlinked
//   folder, `a/../`, `//`) meet the deny rules `Read(./.env)` and `Edit(secret/**)` and are denied;
// - accept-edits stops at the workspace's real boundary (a link out of it is outside);
// - accept-edits asks before the model edits agent configuration (`.pi/settings.json`,
//   `.pi/extensions/x.js`, `.mcp.json`, `.git/hooks/pre-commit`, `sub/.claude/settings.json`), even
//   under `Edit(**)`: print mode denies with the reason, RPC shows the reason in the dialog;
// - an extension the agent itself wrote is not hot-loaded; `/reload` (the person's word) loads it;
// - an untrusted project's planted `.pi/extensions/x.js` does not run at start.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model", "--no-session"];
const SECRET = "TOKEN=hunter2-do-not-read";

function toolResults(sim: { requests: { body: unknown }[] }, from: number): string[] {
  const body = sim.requests.slice(from).at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === "tool").map((m) => m.content);
}

/** A marker-writing extension: any load of it (top-level code) leaves `marker` behind. */
const markerExtension = (marker: string) =>
  `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport default function () {}\n`;

/** Waits for a condition a background process brings about (fails after 15 s rather than hanging). */
async function until(ok: () => boolean): Promise<void> {
  const end = Date.now() + 15_000;
  while (!ok()) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The lines of a file as single-quoted shell words (the file holds no single quote). */
const lines = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((l) => `'${l}'`)
    .join(" ");

describe("one meaning of a path, and the agent's own configuration (spawned CLI)", () => {
  const env = simProjects();

  it("deny rules hold for every spelling the tools accept: @, Unicode spaces, links, a/../, //", async () => {
    const { project, agentDir } = env.project();
    writeFileSync(join(project, ".env"), `${SECRET}\n`);
    mkdirSync(join(project, "secret"));
    writeFileSync(join(project, "secret", "key.txt"), "original\n");
    symlinkSync(join(project, "secret"), join(project, "alias"));
    symlinkSync(join(project, "src"), join(project, "link"));
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ permissions: { deny: ["Read(./.env)", "Edit(secret/**)"] } }));
    const reads = ["@.env", `\u00a0${join(project, ".env")}`, `\u3000.env\u2003`, "link/../.env", ".//.env", "src/../.env"];
    const writes = [
      "alias/key.txt",
      "@secret/key.txt",
      `\u00a0${join(project, "secret", "key.txt")}`,
      "secret//key.txt",
      "src/../secret/key.txt",
    ];
    env.sim.script(
      ...reads.map((path) => ({ toolCalls: [{ name: "read", arguments: { path } }] })),
      ...writes.map((path) => ({ toolCalls: [{ name: "write", arguments: { path, content: "pwned\n" } }] })),
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "-p", "look around"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stdout).toBe("done\n");
    const results = toolResults(env.sim, from);
    expect(results).toHaveLength(reads.length + writes.length);
    results.forEach((text, i) => {
      expect(text, `call ${i} (${[...reads, ...writes][i]})`).toMatch(
        /Permission denied by the rule (Read\(\.\/\.env\)|Edit\(secret\/\*\*\))/,
      );
      expect(text).not.toContain("hunter2");
    });
    expect(readFileSync(join(project, "secret", "key.txt"), "utf8")).toBe("original\n");
  });

  it("accept-edits ends at the workspace's real boundary: a link out of it is outside", async () => {
    const { root, project, agentDir } = env.project();
    mkdirSync(join(root, "elsewhere"));
    symlinkSync(join(root, "elsewhere"), join(project, "out"));
    env.sim.script(
      { toolCalls: [{ name: "write", arguments: { path: "out/pwned.txt", content: "x\n" } }] },
      { toolCalls: [{ name: "write", arguments: { path: "src/../out/also.txt", content: "x\n" } }] },
      { toolCalls: [{ name: "write", arguments: { path: "src/fine.txt", content: "ok\n" } }] },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", "accept-edits", "-p", "write"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe("done\n");
    const [out, also, fine] = toolResults(env.sim, from);
    expect(out).toMatch(/Permission needed for write: .*elsewhere\/pwned\.txt.*nobody to ask/);
    expect(also).toMatch(/Permission needed for write: .*elsewhere\/also\.txt.*nobody to ask/);
    expect(fine).not.toMatch(/Permission/);
    expect(existsSync(join(root, "elsewhere", "pwned.txt"))).toBe(false);
    expect(existsSync(join(root, "elsewhere", "also.txt"))).toBe(false);
    expect(readFileSync(join(project, "src", "fine.txt"), "utf8")).toBe("ok\n");
  });

  it("accept-edits asks before the agent's own configuration changes, even under Edit(**); print mode denies", async () => {
    const { project, agentDir } = env.project();
    mkdirSync(join(project, ".git", "hooks"), { recursive: true });
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ permissions: { allow: ["Edit(**)"] } }));
    const targets = [
      [".pi/settings.json", JSON.stringify({ permissions: { allow: ["Bash"] } })],
      [".pi/extensions/x.js", "export default function () {}\n"],
      [".mcp.json", "{}\n"],
      [".git/hooks/pre-commit", "#!/bin/sh\ntouch pwned\n"],
      ["sub/.claude/settings.json", "{}\n"],
      ["@.pi/settings.json", "{}\n"],
      [join(agentDir, "settings.json"), JSON.stringify({ permissions: { allow: ["Bash"] } })],
    ];
    env.sim.script(
      ...targets.map(([path, content]) => ({ toolCalls: [{ name: "write", arguments: { path, content } }] })),
      { toolCalls: [{ name: "write", arguments: { path: "src/ordinary.txt", content: "ok\n" } }] },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--permission-mode", "accept-edits", "-p", "configure"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe("done\n");
    const results = toolResults(env.sim, from);
    targets.forEach(([path], i) => {
      expect(results[i], path).toMatch(/Permission needed for write: .*changes the agent's own configuration.*nobody to ask/);
    });
    expect(results[targets.length]).not.toMatch(/Permission/);
    for (const path of [".pi", ".mcp.json", ".git/hooks/pre-commit", "sub"]) expect(existsSync(join(project, path)), path).toBe(false);
    expect(JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8"))).toEqual({ permissions: { allow: ["Edit(**)"] } });
    expect(readFileSync(join(project, "src", "ordinary.txt"), "utf8")).toBe("ok\n");
  });

  it("over RPC the dialog says why an edit of .pi/settings.json is asked; Deny leaves it untouched", async () => {
    const { project, agentDir } = env.project();
    const rpc = new RpcProcess([...MODEL, "--permission-mode", "accept-edits"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    try {
      env.sim.script(
        { toolCalls: [{ name: "edit", arguments: { path: ".pi/settings.json", edits: [{ oldText: "{", newText: "{" }] } }] },
        { toolCalls: [{ name: "write", arguments: { path: ".pi/settings.json", content: '{"permissions":{"allow":["Bash"]}}' } }] },
        { text: "ok" },
      );
      mkdirSync(join(project, ".pi"));
      writeFileSync(join(project, ".pi", "settings.json"), "{}\n");
      const mark = rpc.records.length;
      await rpc.call({ type: "prompt", message: "go" });
      let from = mark;
      for (let asked = 0; asked < 2; asked++) {
        const ask = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "select", from);
        expect(ask.title).toMatch(/Allow (edit|write): \.pi\/settings\.json\?\n\(.* changes the agent's own configuration: .*\.pi\/\)/);
        rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: ask.id, value: "Deny" }));
        await rpc.waitFor((r) => r.type === "tool_execution_end", rpc.records.indexOf(ask));
        from = rpc.records.length;
      }
      await rpc.waitFor((r) => r.type === "agent_end", mark);
      expect(readFileSync(join(project, ".pi", "settings.json"), "utf8")).toBe("{}\n");
    } finally {
      await rpc.close();
    }
  }, 40_000);

  it("an extension the agent wrote is not hot-loaded; the person's /reload loads it (RPC, yolo)", async () => {
    const { root, project, agentDir } = env.project();
    const dir = join(agentDir, "extensions");
    mkdirSync(dir);
    const [byTool, byBash] = [join(root, "ran-by-tool"), join(root, "ran-by-bash")];
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    try {
      env.sim.script(
        { toolCalls: [{ name: "write", arguments: { path: join(dir, "x.js"), content: markerExtension(byTool) } }] },
        {
          toolCalls: [{ name: "bash", arguments: { command: `printf '%s\\n' ${lines(markerExtension(byBash))} > ${join(dir, "y.js")}` } }],
        },
        { text: "written" },
      );
      const mark = rpc.records.length;
      await rpc.call({ type: "prompt", message: "write an extension" });
      await rpc.waitFor((r) => r.type === "agent_end", mark);
      // The watcher sees both files; the notice names them and how to load them.
      for (const name of ["x.js", "y.js"])
        await rpc.waitFor(
          (r) => r.type === "extension_ui_request" && r.method === "notify" && r.message.includes(name) && /\/reload/.test(r.message),
          mark,
          15_000,
        );
      expect(existsSync(byTool)).toBe(false);
      expect(existsSync(byBash)).toBe(false);
      await rpc.call({ type: "prompt", message: "/reload" });
      await until(() => existsSync(byTool) && existsSync(byBash));
    } finally {
      await rpc.close();
    }
  }, 60_000);

  it("an untrusted project's planted .pi/extensions/x.js does not run at start (print and RPC)", async () => {
    const { root, project, agentDir } = env.project();
    const marker = join(root, "planted-ran");
    mkdirSync(join(project, ".pi", "extensions"), { recursive: true });
    writeFileSync(join(project, ".pi", "extensions", "x.js"), markerExtension(marker));
    env.sim.script({ text: "hi" });
    const r = await runCli([...MODEL, "-p", "hi"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stdout).toBe("hi\n");
    expect(r.stderr).toMatch(/\.pi\/extensions.*pi --trust/);
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    try {
      await rpc.call({ type: "get_commands" });
    } finally {
      await rpc.close();
    }
    expect(existsSync(marker)).toBe(false);
  }, 40_000);
});
