// Trust: a project's .pi/extensions and .pi/settings.json packages load only in a trusted
// directory: headless with --trust (remembered in the agent dir), in a UI after the user says yes
// (here through RPC mode's extension UI protocol, then the agent reloads).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simProjects } from "../support/sim-projects.js";
import { runCli } from "../support/run-cli.js";
import { RpcProcess } from "../support/rpc-process.js";

const EXTENSION = `export default function (pi) {
  pi.registerTool({ name: "project_tool", description: "from the project", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "ran" }] }; } });
}
`;

describe("trusting a project directory", () => {
  const sims = simProjects();
  const project = () => {
    const p = sims.project();
    mkdirSync(join(p.project, ".pi", "extensions"), { recursive: true });
    writeFileSync(join(p.project, ".pi", "extensions", "project-ext.js"), EXTENSION);
    return p;
  };
  const toolsOf = async (run: () => Promise<unknown>) => {
    const start = sims.sim.requests.length;
    sims.sim.script({ text: "ok" });
    await run();
    return (sims.sim.requests[start]?.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name) as string[];
  };
  const print = (p: { project: string; agentDir: string }, ...extra: string[]) =>
    runCli(["--provider", "sim", "--model", "sim-model", ...extra, "-p", "hi"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });

  it("headless: skipped with a warning until --trust, which is remembered", async () => {
    const p = project();
    let r: Awaited<ReturnType<typeof print>> | undefined;
    expect(
      await toolsOf(async () => {
        r = await print(p);
      }),
    ).not.toContain("project_tool");
    expect(r!.stderr).toMatch(/\.pi\/extensions.*pi --trust/);
    expect(await toolsOf(() => print(p, "--trust"))).toContain("project_tool");
    expect(JSON.parse(readFileSync(join(p.agentDir, "trusted-projects.json"), "utf8")).trusted).toEqual([p.project]);
    expect(
      await toolsOf(async () => {
        r = await print(p);
      }),
    ).toContain("project_tool");
    expect(r!.stderr).toBe("");
  });

  it("project settings packages and baseUrl overrides wait for trust too", async () => {
    const p = project();
    rmSync(join(p.project, ".pi", "extensions"), { recursive: true });
    const pkg = join(p.root, "local-pkg");
    mkdirSync(join(pkg, "extensions"), { recursive: true });
    writeFileSync(join(pkg, "extensions", "tool.js"), EXTENSION);
    writeFileSync(
      join(p.project, ".pi", "settings.json"),
      JSON.stringify({ packages: [pkg], compaction: { baseUrl: "http://elsewhere" } }),
    );
    let r: Awaited<ReturnType<typeof print>> | undefined;
    expect(
      await toolsOf(async () => {
        r = await print(p);
      }),
    ).not.toContain("project_tool");
    expect(r!.stderr).toMatch(/settings\.json packages, \.pi\/settings\.json baseUrl/);
    expect(await toolsOf(() => print(p, "--trust"))).toContain("project_tool");
  });

  it("a project's MCP servers (.mcp.json, .pi/mcp.json) are named in the warning and wait for trust", async () => {
    const p = project();
    rmSync(join(p.project, ".pi", "extensions"), { recursive: true });
    const server = { command: process.execPath, args: ["-e", "process.exit(1)"] };
    writeFileSync(join(p.project, ".mcp.json"), JSON.stringify({ mcpServers: { repo: server } }));
    writeFileSync(join(p.project, ".pi", "mcp.json"), JSON.stringify({ mcpServers: { local: server } }));
    sims.sim.script({ text: "ok" }); // an answer: with none the CLI retried the model for ~14 s
    const r = await print(p);
    expect(r.stderr).toMatch(/\.pi\/mcp\.json, \.mcp\.json.*pi --trust/);
    expect(r.stderr).not.toMatch(/MCP server "(repo|local)"/); // not started
  });

  it("with a UI: asks, and on yes trusts the folder and reloads the agent", async () => {
    const p = project();
    const rpc = new RpcProcess(["--provider", "sim", "--model", "sim-model", "--no-session"], {
      cwd: p.project,
      env: { PI_CODING_AGENT_DIR: p.agentDir },
    });
    try {
      const ask = await rpc.waitFor((r) => r.type === "extension_ui_request" && r.method === "confirm", 0, 15_000);
      expect(ask.title).toBe("Trust this folder?");
      expect(ask.message).toContain(".pi/extensions");
      const from = rpc.records.length;
      rpc.writeLine(JSON.stringify({ type: "extension_ui_response", id: ask.id, confirmed: true }));
      await rpc.waitFor(
        (r) => r.type === "extension_ui_request" && r.method === "notify" && /Folder trusted/.test(r.message),
        from,
        15_000,
      );
      const tools = await toolsOf(async () => {
        await rpc.call({ type: "prompt", message: "hi" });
        await rpc.waitFor((e) => e.type === "agent_end", from, 15_000);
      });
      expect(tools).toContain("project_tool");
      expect(existsSync(join(p.agentDir, "trusted-projects.json"))).toBe(true);
    } finally {
      await rpc.close();
    }
  }, 40_000);
});
