import { execFileSync } from "node:child_process";
import { closeSync, constants, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANSWER, makeProject, scenarioTurns } from "../support/scenario.mjs";
import { startSimulator, type Simulator } from "../support/simulator/index.mjs";
import { runCli } from "../support/run-cli.js";

describe("pi -p end to end (spawned CLI against the simulator)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  it("runs read → edit → bash → answer on a real project and prints the answer", async () => {
    const { project, agentDir } = makeProject(sim.url);
    sim.script(...scenarioTurns());
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "Make the app say goodbye"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${ANSWER}\n`);
    expect(readFileSync(join(project, "src", "app.js"), "utf8")).toContain('"goodbye"');

    const requests = sim.requests.slice(start);
    expect(requests).toHaveLength(4);
    expect(requests[0].headers.authorization).toBe("Bearer sim-secret-key");
    const first = requests[0].body;
    expect(first.messages[0].role).toBe("system");
    expect(first.messages[0].content).toContain(`Current working directory: ${project}`);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual(["bash", "edit", "read", "write"]);
    const last = requests[3].body.messages as { role: string; content: string }[];
    const toolMessages = last.filter((m) => m.role === "tool").map((m) => m.content);
    expect(toolMessages[0]).toContain('const greeting = "hello"');
    expect(toolMessages[1]).toMatch(/Successfully replaced 1 block/);
    expect(toolMessages[2]).toContain("goodbye, world");
  });

  it("exits 1 with the error on stderr when the provider fails", async () => {
    const { project, agentDir } = makeProject(sim.url);
    // 400 is not transient, so the provider does not retry it.
    sim.script({ fault: { kind: "status", status: 400, message: "the simulator rejects this" } });
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/400/);
    expect(r.stderr).not.toContain("sim-secret-key");
  });

  it("prepends piped stdin to the message and uses print mode without -p", async () => {
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "piped ok" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "summarise this"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      input: "PIPED CONTENT",
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("piped ok\n");
    const user = sim.requests[start].body.messages.find((m: { role: string }) => m.role === "user");
    // pi joins stdin and the message without a separator (see first-hour-cli.test.ts).
    expect(user.content).toEqual([{ type: "text", text: "PIPED CONTENTsummarise this" }]);
  });

  it("reads stdin from a file, and nothing from /dev/null, without -p", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    const userText = (at: number) => sim.requests[at].body.messages.find((m: { role: string }) => m.role === "user").content[0].text;
    const notes = join(root, "notes.txt");
    writeFileSync(notes, "FROM A FILE\n");
    sim.script({ text: "file ok" }, { text: "null ok" });
    const start = sim.requests.length;
    const fromFile = await runCli(["--provider", "sim", "--model", "sim-model", "summarise this"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      stdinFile: notes,
    });
    expect(fromFile).toMatchObject({ code: 0, stdout: "file ok\n" });
    expect(userText(start)).toBe("FROM A FILEsummarise this");
    // `pi "..." < /dev/null`: print mode (stdin is no terminal), the message alone.
    const fromNull = await runCli(["--provider", "sim", "--model", "sim-model", "summarise that"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
      stdinFile: "/dev/null",
    });
    expect(fromNull).toMatchObject({ code: 0, stdout: "null ok\n" });
    expect(userText(start + 1)).toBe("summarise that");
  });

  it("reads all of a non-blocking pipe (EAGAIN) whose writer pauses", async () => {
    const { root, project, agentDir } = makeProject(sim.url);
    const fifo = join(root, "stdin.fifo");
    execFileSync("mkfifo", [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, "w");
    writeSync(writer, "FIRST ");
    // Node's spawn hands a child blocking stdio; touching process.stdin makes fd 0 non-blocking
    // again, as a parent that shares its own non-blocking pipe leaves it. Reads then say EAGAIN
    // between the writer's two writes.
    const probe = join(root, "nonblocking.cjs");
    writeFileSync(probe, "process.stdin;\n");
    sim.script({ text: "fifo ok" });
    const start = sim.requests.length;
    const pending = runCli(["--provider", "sim", "--model", "sim-model", "-p", "and the message"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--require ${probe}` },
      stdinFd: reader,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    writeSync(writer, "SECOND ");
    closeSync(writer);
    expect(await pending).toMatchObject({ code: 0, stdout: "fifo ok\n" });
    const user = sim.requests[start].body.messages.find((m: { role: string }) => m.role === "user");
    expect(user.content[0].text).toBe("FIRST SECONDand the message");
  });

  it("reports a broken extension by file and still answers", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(join(project, ".pi", "extensions"), { recursive: true });
    const broken = join(project, ".pi", "extensions", "broken.ts");
    writeFileSync(broken, "export default {{{ nope");
    sim.script({ text: "still fine" });
    // Project extensions load only in a trusted directory (--trust trusts it and remembers).
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "--trust", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("still fine\n");
    expect(r.stderr).toContain(broken);
  });

  it("says what to configure when no model is available", async () => {
    const { project, agentDir } = makeProject(sim.url);
    const { rmSync } = await import("node:fs");
    rmSync(join(agentDir, "models.json"));
    const r = await runCli(["-p", "hi"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No model selected/);
  });

  it("answers --version and --help without an agent", async () => {
    const v = await runCli(["--version"], { cwd: process.cwd() });
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const h = await runCli(["--help"], { cwd: process.cwd() });
    expect(h.code).toBe(0);
    expect(h.stdout).toContain("--provider");
  });
});

describe("plugins from -e and the user's extension dir (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim.close();
  });

  const plugin = (name: string, reply: string) => `
import { definePlugin, Type } from "pi-kernel";
export default definePlugin({
  name: "${name}",
  setup(api) {
    api.register.tool({
      name: "${name}",
      description: "test tool",
      parameters: Type.Object({ who: Type.String() }),
      async execute(_id, params) { return { content: [{ type: "text", text: "${reply} " + params.who }] }; },
    });
  },
});
`;

  it("loads a TypeScript plugin given with -e and one from PI_CODING_AGENT_DIR/extensions", async () => {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const { project, agentDir, root } = makeProject(sim.url);
    writeFileSync(join(root, "cli-plugin.ts"), plugin("greet", "hello"));
    mkdirSync(join(agentDir, "extensions"), { recursive: true });
    writeFileSync(join(agentDir, "extensions", "user-plugin.ts"), plugin("wave", "waving at"));
    sim.script(
      {
        toolCalls: [
          { name: "greet", arguments: { who: "ada" } },
          { name: "wave", arguments: { who: "bob" } },
        ],
      },
      { text: "greeted" },
    );
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "-e", join(root, "cli-plugin.ts"), "-p", "greet"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("greeted\n");
    const tools = sim.requests[start].body.tools.map((t: { function: { name: string } }) => t.function.name);
    expect(tools).toEqual(expect.arrayContaining(["greet", "wave", "read"]));
    const results = sim.requests[start + 1].body.messages
      .filter((m: { role: string }) => m.role === "tool")
      .map((m: { content: string }) => m.content);
    expect(results).toEqual(["hello ada", "waving at bob"]);
  });

  it("--tools limits what the model sees", async () => {
    const { project, agentDir } = makeProject(sim.url);
    sim.script({ text: "ok" });
    const start = sim.requests.length;
    const r = await runCli(["--provider", "sim", "--model", "sim-model", "--tools", "read,bash", "-p", "hi"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir },
    });
    expect(r.code).toBe(0);
    expect(sim.requests[start].body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(["read", "bash"]);
  });
});
