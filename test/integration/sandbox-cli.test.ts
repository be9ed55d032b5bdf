// The OS sandbox through the real CLI against the loopback simulator (Linux, bubblewrap; CI
// installs it): under --sandbox workspace-write a write inside the workspace works while one
// outside it, one into .git and a connection to a loopback port (the simulator's own) are
// blocked with a note saying the sandbox did it; the same connection works with the sandbox off;
// the user's `!cmd` (RPC bash) is sandboxed too; without bwrap the command is refused, not run.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
// Outside /tmp on purpose: the sandbox's /tmp is private, so a write there would vanish, not fail.
const outsideRoot = mkdtempSync("/var/tmp/pik-sandbox-");
afterAll(() => rmSync(outsideRoot, { recursive: true, force: true }));

/** The tool results the model saw on its last request. */
function toolResults(sim: { requests: { body: unknown }[] }, from: number): string[] {
  const body = sim.requests.slice(from).at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === "tool").map((m) => m.content);
}

describe.runIf(process.platform === "linux")("sandbox through the spawned CLI", () => {
  const env = simProjects();

  it("workspace-write: inside works; outside, .git and a loopback port are blocked with a clear note", async () => {
    const { project, agentDir } = env.project();
    mkdirSync(join(project, ".git"));
    writeFileSync(join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
    const outside = join(outsideRoot, "escaped.txt");
    const port = new URL(env.sim.url).port;
    env.sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: "echo inside > inside.txt && cat inside.txt" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: `echo x > ${outside}` } }] },
      { toolCalls: [{ name: "bash", arguments: { command: "echo hacked > .git/HEAD" } }] },
      { toolCalls: [{ name: "bash", arguments: { command: `echo hi > /dev/tcp/127.0.0.1/${port}` } }] },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--sandbox", "workspace-write", "-p", "try things"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("done\n");
    const [inside, out, git, net] = toolResults(env.sim, from);
    expect(inside).toBe("inside");
    expect(readFileSync(join(project, "inside.txt"), "utf8")).toBe("inside\n");
    expect(out).toMatch(/Read-only file system/);
    expect(out).toMatch(/\[sandbox\] The sandbox \(workspace-write\) blocked a write outside the workspace/);
    expect(existsSync(outside)).toBe(false);
    expect(git).toMatch(/\[sandbox\].*blocked a write/);
    expect(readFileSync(join(project, ".git", "HEAD"), "utf8")).toBe("ref: refs/heads/main\n");
    expect(net).toMatch(/Connection refused/);
    expect(net).toMatch(/\[sandbox\] The sandbox blocked network access/);
  });

  it("off: the same loopback connection and outside write go through (the blocks above are the sandbox's)", async () => {
    const { project, agentDir } = env.project();
    const outside = join(outsideRoot, "allowed.txt");
    const port = new URL(env.sim.url).port;
    env.sim.script(
      {
        toolCalls: [
          { name: "bash", arguments: { command: `echo x > ${outside} && exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected` } },
        ],
      },
      { text: "done" },
    );
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--sandbox", "off", "-p", "try"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.stdout).toBe("done\n");
    expect(toolResults(env.sim, from)[0]).toBe("connected");
    expect(existsSync(outside)).toBe(true);
  });

  it("the user's !cmd (RPC bash) runs in the sandbox too; read-only blocks workspace writes", async () => {
    const { project, agentDir } = env.project();
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ sandbox: { mode: "read-only" } }));
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    const reply = await rpc.call({ type: "bash", command: "echo x > here.txt" });
    expect(reply.success).toBe(true);
    expect(reply.data.exitCode).toBe(1);
    expect(reply.data.output).toMatch(/\[sandbox\] The sandbox \(read-only\) blocked a write/);
    expect(existsSync(join(project, "here.txt"))).toBe(false);
    const ok = await rpc.call({ type: "bash", command: "cat src/app.js | head -1" });
    expect(ok.data).toMatchObject({ exitCode: 0, output: 'const greeting = "hello";' });
    expect(await rpc.close()).toBe(0);
  });

  it("no bubblewrap: the command is refused with an install instruction, never run unsandboxed", async () => {
    const { project, agentDir } = env.project();
    env.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "echo ran > ran.txt" } }] }, { text: "refused" });
    const from = env.sim.requests.length;
    // A PATH without bwrap (the shell itself is found by its absolute path).
    const r = await runCli([...MODEL, "--sandbox", "workspace-write", "-p", "run it"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, PATH: join(project, "no-bin") },
    });
    expect(r.stdout).toBe("refused\n");
    expect(toolResults(env.sim, from)[0]).toMatch(
      /needs bubblewrap \(bwrap\), which is not installed\. Install bubblewrap .*apt-get install bubblewrap.*The command was not run/,
    );
    expect(existsSync(join(project, "ran.txt"))).toBe(false);
  });

  it("a sandbox mode that does not exist stops the run before anything runs, and says which values exist", async () => {
    const { project, agentDir } = env.project();
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--sandbox", "strict", "-p", "run it"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sandbox.*'strict' is invalid. Allowed choices are off, read-only, workspace-write/);
    expect(env.sim.requests.length).toBe(from); // no model request, so no command either
    expect(existsSync(join(project, "ran.txt"))).toBe(false);
  });
});
