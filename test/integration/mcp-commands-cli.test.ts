// `pi mcp add/get/list/remove` round trips through the real CLI on the global (<agentDir>/mcp.json)
// and project (.pi/mcp.json) files, the secret policy (env and header values never printed),
// `pi -p /mcp` and RPC `get_mcp_servers`, and the connected status the mcp plugin reports.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EVERYTHING = join(ROOT, "node_modules", ".bin", "mcp-server-everything");
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function workspace() {
  const root = mkdtempSync(join(tmpdir(), "pik-mcpcli-"));
  roots.push(root);
  const agentDir = join(root, "agent");
  const project = join(root, "project");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(project, { recursive: true });
  const pi = (args: string[], input?: string) =>
    runCli(args, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir }, input, timeoutMs: 60_000 });
  const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));
  return { agentDir, project, pi, json };
}

describe("pi mcp on the files", () => {
  it("adds, gets, lists and removes a global stdio server, keeping the file's other keys", async () => {
    const { agentDir, pi, json } = workspace();
    writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ $comment: "keep me", mcpServers: {} }));
    const add = await pi(["mcp", "add", "-e", "API_KEY=s3cret-value", "fs", "--", "mcp-server-filesystem", "/tmp", "-x"]);
    expect(add.stderr).toBe("");
    expect(add.stdout).toContain(`Added stdio MCP server fs (global) in ${join(agentDir, "mcp.json")}`);
    expect(json(join(agentDir, "mcp.json"))).toEqual({
      $comment: "keep me",
      mcpServers: { fs: { command: "mcp-server-filesystem", args: ["/tmp", "-x"], env: { API_KEY: "s3cret-value" } } },
    });
    const get = await pi(["mcp", "get", "fs"]);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain("command: mcp-server-filesystem");
    expect(get.stdout).toContain("env: API_KEY=***");
    expect(get.stdout + get.stderr).not.toContain("s3cret-value");
    const list = await pi(["mcp", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/fs {2}\[global, stdio\] {2}mcp-server-filesystem \/tmp -x {2}/);
    expect(list.stdout + list.stderr).not.toContain("s3cret-value");
    const again = await pi(["mcp", "add", "fs", "--", "other"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('a server named "fs" is already in');
    expect((await pi(["mcp", "add", "--force", "fs", "--", "other"])).code).toBe(0);
    expect(json(join(agentDir, "mcp.json")).mcpServers.fs).toEqual({ command: "other" });
    const remove = await pi(["mcp", "remove", "fs"]);
    expect(remove.stdout).toContain("Removed MCP server fs (global)");
    expect(json(join(agentDir, "mcp.json"))).toEqual({ $comment: "keep me", mcpServers: {} });
    const none = await pi(["mcp", "list"]);
    expect(none.stdout).toContain("No MCP servers configured");
    expect((await pi(["mcp", "get", "fs"])).code).toBe(1);
  });

  it("adds an http server to the project file, says the directory is untrusted, and hides headers", async () => {
    const { project, pi, json } = workspace();
    const add = await pi([
      "mcp",
      "add",
      "--scope",
      "project",
      "--transport",
      "http",
      "-H",
      "Authorization: Bearer t0ken",
      "web",
      "http://127.0.0.1:9/mcp",
    ]);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain(`Added http MCP server web (project) in ${join(project, ".pi", "mcp.json")}`);
    expect(add.stdout).toContain("not trusted");
    expect(json(join(project, ".pi", "mcp.json"))).toEqual({
      mcpServers: { web: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer t0ken" } } },
    });
    const get = await pi(["mcp", "get", "web"]);
    expect(get.stdout).toContain("headers: Authorization: ***");
    expect(get.stdout).toContain("not trusted");
    const list = await pi(["mcp", "list"]);
    expect(list.stdout).toMatch(/web {2}\[project, http\] {2}http:\/\/127\.0\.0\.1:9\/mcp {2}not loaded/);
    expect(list.stdout).toContain("pi --trust");
    expect(list.stdout + list.stderr + get.stderr).not.toContain("t0ken");
    expect((await pi(["mcp", "remove", "--scope", "global", "web"])).code).toBe(1);
    expect((await pi(["mcp", "remove", "--scope", "project", "web"])).code).toBe(0);
    expect(json(join(project, ".pi", "mcp.json"))).toEqual({ mcpServers: {} });
  });

  it("refuses a file that is not valid JSON, naming it, and bad arguments with the usage", async () => {
    const { agentDir, pi } = workspace();
    const file = join(agentDir, "mcp.json");
    writeFileSync(file, "{ broken");
    const add = await pi(["mcp", "add", "a", "--", "cmd"]);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain(`${file} is not valid JSON`);
    expect(readFileSync(file, "utf8")).toBe("{ broken");
    const bad = await pi(["mcp", "add", "--scope", "everywhere", "a", "--", "cmd"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--scope is global (or user) or project");
    expect(bad.stderr).toContain("pi mcp add [options] <name> -- <command>");
  });

  it("lists the subcommand in --help and never sends `pi mcp …` to a model", async () => {
    const { pi } = workspace();
    expect((await pi(["--help"])).stdout).toContain("pi mcp add|remove|get|list");
    const usage = await pi(["mcp"]);
    expect(usage.stdout).toContain("pi mcp list");
  });
});

describe("/mcp and get_mcp_servers", () => {
  it("pi -p /mcp prints the server list", async () => {
    const { pi } = workspace();
    await pi(["mcp", "add", "ev", "--", EVERYTHING]);
    const r = await pi(["-p", "/mcp"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ev {2}\[global, stdio\]/);
  });
});

describe("connected status", () => {
  it("pi mcp list starts the server and shows it connected with its tool count", async () => {
    const { pi } = workspace();
    await pi(["mcp", "add", "ev", "--", EVERYTHING]);
    const r = await pi(["mcp", "list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ev {2}\[global, stdio\] {2}\S+ {2}connected, \d+ tools/);
  });

  it("RPC get_mcp_servers returns the service's servers", async () => {
    const { pi } = workspace();
    await pi(["mcp", "add", "ev", "--", EVERYTHING]);
    const r = await pi(["--mode", "rpc", "--no-session"], '{"id":"1","type":"get_mcp_servers"}\n');
    const response = JSON.parse(r.stdout.split("\n").find((l) => l.includes('"get_mcp_servers"')) ?? "{}");
    expect(response).toMatchObject({ success: true, data: { servers: [{ name: "ev", scope: "global", transport: "stdio" }] } });
  });
});
