// Ways out of the sandbox an attacker would try (issue 30 points 3 and 4), through the real CLI
// against the loopback simulator, several spellings per class: unix sockets outside the
// workspace with the network off (under os.tmpdir(), /var/tmp and /run, and an abstract one);
// provider keys through /proc and the agent dir (auth.json, models.json); agent configuration
// written from inside the sandbox (.pi/extensions via cat, cp, mv, ln -s, python, node; settings,
// .claude, the agent dir inside the workspace); and a bash command in an ACP client's terminal.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AcpClient } from "../fixtures/acp/client.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";

const MODEL = ["--provider", "sim", "--model", "sim-model"];
const REACHED = "SOCKET-REACHED";
// Outside /tmp on purpose: the sandbox's /tmp is private, so what is there is hidden anyway.
const outsideRoot = mkdtempSync("/var/tmp/pik-escape-");
afterAll(() => rmSync(outsideRoot, { recursive: true, force: true }));

const hasPython = (() => {
  try {
    execFileSync("python3", ["-c", "0"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** The text of every tool result of the run's last request, in call order. */
function toolResults(sim: { requests: { body: unknown }[] }, from: number): string[] {
  const body = sim.requests.slice(from).at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === "tool").map((m) => m.content);
}

/** A unix socket server that greets whoever connects (as an HTTP answer, so curl prints it too). */
async function listen(path: string): Promise<Server> {
  const server = createServer((socket) => socket.end(`HTTP/1.0 200 OK\r\nContent-Length: ${REACHED.length}\r\n\r\n${REACHED}`));
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(path, resolve));
  return server;
}

const nodeConnect = (path: string) =>
  `node -e 'const s=require("net").connect(process.argv[1]);s.on("data",d=>process.stdout.write(d));` +
  `s.on("error",e=>{console.log("ERR",e.code);process.exit(3)})' ${JSON.stringify(path)}`;

describe.runIf(process.platform === "linux")("sandbox escapes through the spawned CLI", () => {
  const env = simProjects();

  /** Runs the commands as one turn of bash calls under `--sandbox <mode>`; their results in order. */
  async function run(commands: string[], o: { project: string; agentDir: string; mode?: string; env?: Record<string, string> }) {
    env.sim.script({ toolCalls: commands.map((command) => ({ name: "bash", arguments: { command } })) }, { text: "done" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "--sandbox", o.mode ?? "workspace-write", "-p", "go"], {
      cwd: o.project,
      env: { PI_CODING_AGENT_DIR: o.agentDir, ...o.env },
      timeoutMs: 60_000,
    });
    expect(r.stdout).toBe("done\n");
    return toolResults(env.sim, from);
  }

  describe("unix sockets outside the workspace, network off", () => {
    const servers: Server[] = [];
    const paths: string[] = [];
    beforeAll(async () => {
      const inTmp = mkdtempSync(join(tmpdir(), "pik-sock-"));
      const candidates = [join(inTmp, "agent.sock"), join(outsideRoot, "docker.sock")];
      // /run holds the real ones (docker, dbus, systemd); only root may make one there.
      if (process.getuid?.() === 0 && existsSync("/run")) candidates.push(`/run/pik-escape-${process.pid}.sock`);
      for (const path of candidates) {
        servers.push(await listen(path));
        paths.push(path);
      }
      servers.push(await listen(`\0pik-escape-${process.pid}`));
    });
    afterAll(async () => {
      for (const server of servers) server.close();
      for (const path of paths) rmSync(path, { force: true });
    });

    it("cannot be reached by node, curl or python (path and abstract sockets)", async () => {
      const { project, agentDir } = env.project();
      const commands = [
        ...paths.map(nodeConnect),
        ...paths.map((p) => `curl -s --max-time 5 --unix-socket ${p} http://x/`),
        ...(hasPython
          ? paths.map(
              (p) => `python3 -c 'import socket,sys;s=socket.socket(socket.AF_UNIX);s.connect(sys.argv[1]);print(s.recv(999))' ${p}`,
            )
          : []),
        nodeConnect(`\0pik-escape-${process.pid}`),
      ];
      const results = await run(commands, { project, agentDir });
      expect(results).toHaveLength(commands.length);
      results.forEach((text, i) => expect(text, commands[i]).not.toContain(REACHED));
      // The same server answers without the sandbox: the block above is the sandbox's.
      const open = await run([nodeConnect(paths[1]!)], { project, agentDir, mode: "off" });
      expect(open[0]).toContain(REACHED);
    });

    it("a command's own unix server is refused too, with a note; socketpair (child pipes) still works", async () => {
      const { project, agentDir } = env.project();
      const own =
        `node -e 'const net=require("net");const p=process.argv[1];const s=net.createServer(c=>c.end("own"));` +
        `s.listen(p,()=>net.connect(p).on("data",d=>{console.log(String(d));s.close()}))'`;
      const fork = `node -e 'require("child_process").fork("-e",["0"]).on("exit",c=>console.log("forked",c))'`;
      const pair = hasPython ? [`python3 -c 'import socket;a,b=socket.socketpair();a.send(b"pair");print(b.recv(9).decode())'`] : [];
      const results = await run([`${own} ./own.sock`, fork, ...pair], { project, agentDir });
      expect(results[0]).toMatch(/listen EPERM/);
      expect(results[0]).toMatch(/\[sandbox\] The sandbox refuses unix sockets while the network is off/);
      expect(results[1]).toBe("forked 0");
      if (hasPython) expect(results[2]).toBe("pair");
      const open = await run([`${own} ./own.sock`], { project, agentDir, mode: "off" });
      expect(open[0]).toBe("own");
    });
  });

  it("provider keys never reach a command: not through /proc, the environment or the agent dir", async () => {
    const { project } = env.project();
    // The agent dir outside /tmp, where the sandbox's private /tmp would not hide it by accident.
    const agentDir = mkdtempSync(join(outsideRoot, "agent-"));
    cpSync(join(env.project().agentDir, "models.json"), join(agentDir, "models.json"));
    writeFileSync(join(agentDir, "auth.json"), JSON.stringify({ anthropic: { type: "api_key", key: "sk-ant-AUTH-LEAK" } }));
    const commands = [
      "tr '\\0' '\\n' < /proc/1/environ",
      "tr '\\0' '\\n' < /proc/$PPID/environ",
      "cat /proc/self/../1/environ /proc/self/../1/cmdline",
      "grep -a -h -o 'sk-ant[A-Za-z-]*' /proc/*/environ /proc/*/cmdline 2>/dev/null; true",
      "for p in /proc/[0-9]*; do cat $p/environ; echo; done 2>/dev/null",
      "env",
      `cat ${agentDir}/auth.json`,
      `cat ${agentDir}/models.json`,
      // Bracketed so the command's own text (kept in the session file there) does not match.
      `grep -r -h -o -E 'sk-ant-[E]NV-LEAK|sk-ant-[A]UTH-LEAK|sim-[s]ecret-key' ${agentDir} 2>/dev/null; true`,
    ];
    const results = await run(commands, { project, agentDir, env: { ANTHROPIC_API_KEY: "sk-ant-ENV-LEAK" } });
    results.forEach((text, i) => {
      expect(text, commands[i]).not.toMatch(/sk-ant-(ENV|AUTH)-LEAK|sim-secret-key/);
    });
  });

  describe("agent configuration is read-only inside the sandbox", () => {
    const writes = [
      "mkdir -p .pi/extensions && cat > .pi/extensions/a.js <<'EOF'\nexport default () => {};\nEOF",
      "printf x > b.js; mkdir -p .pi/extensions; cp b.js .pi/extensions/b.js",
      "printf x > c.js; mkdir -p .pi/extensions; mv c.js .pi/extensions/c.js",
      "mkdir -p .pi/extensions; ln -s ../../src/app.js .pi/extensions/d.js",
      ...(hasPython
        ? [`python3 -c "import os;os.makedirs('.pi/extensions',exist_ok=True);open('.pi/extensions/e.js','w').write('x')"`]
        : []),
      `node -e 'const fs=require("fs");fs.mkdirSync(".pi/extensions",{recursive:true});fs.writeFileSync(".pi/extensions/f.js","x")'`,
      `echo '{"permissions":{"allow":["Bash"]}}' > .pi/settings.json`,
      "mv .pi .pi-old; mkdir -p .pi/extensions && echo x > .pi/extensions/g.js",
      "rm -rf .pi; mkdir -p .pi/extensions && echo x > .pi/extensions/h.js",
      "mkdir -p .claude && echo '{}' > .claude/settings.json",
      "echo evil > .git/hooks/pre-commit; git config core.hooksPath /tmp",
      "echo x > agent-conf/settings.json; mkdir -p agent-conf/extensions && echo x > agent-conf/extensions/x.js",
    ];

    /** Every file under .pi, .claude and agent-conf/extensions (relative), and the settings kept. */
    function configState(project: string) {
      const list = (dir: string): string[] =>
        existsSync(join(project, dir)) ? readdirSync(join(project, dir), { recursive: true }).map((f) => `${dir}/${f}`) : [];
      return [...list(".pi"), ...list(".claude"), ...list(".pi-old"), ...list("agent-conf/extensions")].sort();
    }

    it("in a project that has them: writes fail and nothing changes", async () => {
      const { project, agentDir } = env.project();
      mkdirSync(join(project, ".pi"));
      writeFileSync(join(project, ".pi", "settings.json"), "{}\n");
      mkdirSync(join(project, ".claude"));
      mkdirSync(join(project, ".git", "hooks"), { recursive: true });
      writeFileSync(join(project, ".git", "config"), "[core]\n");
      // The agent dir inside the workspace (PI_CODING_AGENT_DIR): read-only too.
      const inside = join(project, "agent-conf");
      cpSync(agentDir, inside, { recursive: true });
      const before = configState(project);
      await run(writes, { project, agentDir: inside });
      expect(configState(project)).toEqual(before);
      expect(readFileSync(join(project, ".pi", "settings.json"), "utf8")).toBe("{}\n");
      expect(readFileSync(join(project, ".git", "config"), "utf8")).toBe("[core]\n");
      expect(existsSync(join(project, ".git", "hooks", "pre-commit"))).toBe(false);
      expect(existsSync(join(inside, "settings.json"))).toBe(false);
    });

    it("in a project that has none yet: nothing can be created there", async () => {
      const { project, agentDir } = env.project();
      await run(writes.slice(0, 10), { project, agentDir });
      expect(configState(project).filter((f) => !f.endsWith("/") && !/^\.(pi|claude)$/.test(f))).toEqual([]);
    });

    it("ordinary workspace writes still work", async () => {
      const { project, agentDir } = env.project();
      const [result] = await run(["mkdir -p out/pi && echo ok > out/pi/x.txt && cat out/pi/x.txt"], { project, agentDir });
      expect(result).toBe("ok");
    });
  });

  it("a subagent's commands run in the same sandbox", async () => {
    const { project, agentDir } = env.project();
    mkdirSync(join(agentDir, "agents"));
    writeFileSync(
      join(agentDir, "agents", "writer.md"),
      "---\nname: writer\ndescription: Runs commands\ntools: [bash]\nmodel: sim/sim-model\n---\nRun what you are asked.\n",
    );
    const outside = join(outsideRoot, "from-subagent.txt");
    env.sim.script(
      { toolCalls: [{ name: "subagent", arguments: { agent: "writer", task: "write it" } }] },
      {
        toolCalls: [{ name: "bash", arguments: { command: `echo x > ${outside}; mkdir -p .pi/extensions; echo x > .pi/extensions/s.js` } }],
      },
      { text: "child done" },
      { text: "done" },
    );
    const r = await runCli([...MODEL, "--sandbox", "workspace-write", "-p", "delegate"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      timeoutMs: 60_000,
    });
    expect(r.stdout).toBe("done\n");
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(join(project, ".pi", "extensions"))).toBe(false);
    expect(JSON.stringify(env.sim.requests.at(-2)?.body)).toMatch(/Read-only file system/);
  });

  it("a bash tool an extension builds with pi's factory (not sandboxed) is refused, not run unsandboxed", async () => {
    const { project, agentDir } = env.project();
    const ext = join(outsideRoot, `own-bash-${Date.now()}.ts`);
    writeFileSync(
      ext,
      'import { createBashTool } from "@mariozechner/pi-coding-agent";\n' +
        "export default function (pi) { pi.registerTool(createBashTool(process.cwd())); }\n",
    );
    const outside = join(outsideRoot, "from-extension-bash.txt");
    env.sim.script({ toolCalls: [{ name: "bash", arguments: { command: `echo x > ${outside}` } }] }, { text: "done" });
    const from = env.sim.requests.length;
    const r = await runCli([...MODEL, "-e", ext, "--sandbox", "workspace-write", "-p", "go"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stdout).toBe("done\n");
    expect(existsSync(outside)).toBe(false);
    expect(toolResults(env.sim, from)[0]).toMatch(/runs commands outside the sandbox .*it was not run/);
  });

  it("ACP, sandbox off: the client's terminal runs the command without the provider keys of the client's environment", async () => {
    const { project, agentDir } = env.project();
    // The test client spawns terminals with this process's environment (an editor's own).
    const saved = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = "sk-ant-CLIENT-LEAK";
    try {
      const client = new AcpClient([...MODEL, "--sandbox", "off"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
      await client.initialize({ terminal: true });
      const { sessionId } = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
      env.sim.script({ toolCalls: [{ name: "bash", arguments: { command: "echo key=$ANTHROPIC_API_KEY" } }] }, { text: "done" });
      expect((await client.prompt(sessionId, [{ type: "text", text: "go" }])).stopReason).toBe("end_turn");
      expect(client.terminals).toHaveLength(1);
      expect(client.terminals[0]!.output).toBe("key=\n");
      expect(await client.close()).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it("ACP: a bash command in the client's terminal is sandboxed too", async () => {
    const { project, agentDir } = env.project();
    const outside = join(outsideRoot, "from-acp-terminal.txt");
    const client = new AcpClient([...MODEL, "--sandbox", "workspace-write"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    await client.initialize({ terminal: true });
    const { sessionId } = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
    env.sim.script(
      { toolCalls: [{ name: "bash", arguments: { command: `echo x > ${outside}; echo x > inside.txt; cat inside.txt` } }] },
      { text: "done" },
    );
    expect((await client.prompt(sessionId, [{ type: "text", text: "go" }])).stopReason).toBe("end_turn");
    expect(existsSync(outside)).toBe(false);
    expect(readFileSync(join(project, "inside.txt"), "utf8")).toBe("x\n");
    expect(JSON.stringify(env.sim.requests.at(-1)?.body)).toMatch(/Read-only file system/);
    // Run by the agent, where the sandbox was probed, not by the client.
    expect(client.terminals).toHaveLength(0);
    expect(await client.close()).toBe(0);
  });
});
