// lib/mcp-kit on real temp files: loading (file order, later wins, trust gating, ${VAR} and
// ${VAR:-x}, bad JSON and bad entries reported with their file) and writing (add/remove keep every
// other key, invalid JSON is refused naming the file, --force semantics).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  addMcpServer,
  formatServerDetails,
  loadMcpConfig,
  mcpConfigFiles,
  readMcpFile,
  redactConfig,
  removeMcpServer,
} from "../../lib/mcp-kit/index.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function dirs() {
  const root = mkdtempSync(join(tmpdir(), "pik-mcpkit-"));
  roots.push(root);
  const agentDir = join(root, "agent");
  const cwd = join(root, "project");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });
  return { agentDir, cwd };
}

const write = (file: string, value: unknown) => writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));

describe("loading mcp.json files", () => {
  it("reads global, then .pi/mcp.json, then .mcp.json; a later server of the same name wins", () => {
    const { agentDir, cwd } = dirs();
    write(join(agentDir, "mcp.json"), { mcpServers: { a: { command: "global-a" }, b: { command: "global-b" } } });
    write(join(cwd, ".pi", "mcp.json"), { mcpServers: { b: { command: "pi-b" }, c: { type: "http", url: "http://x/mcp" } } });
    write(join(cwd, ".mcp.json"), { mcpServers: { c: { command: "root-c" } } });
    const files = mcpConfigFiles(agentDir, cwd, true);
    expect(files.map((f) => f.file)).toEqual([join(agentDir, "mcp.json"), join(cwd, ".pi", "mcp.json"), join(cwd, ".mcp.json")]);
    const { servers, problems } = loadMcpConfig(files);
    expect(problems).toEqual([]);
    const byName = Object.fromEntries(servers.map((s) => [s.name, s]));
    expect(byName.a).toMatchObject({ scope: "global", config: { command: "global-a" } });
    expect(byName.b).toMatchObject({ scope: "project", file: join(cwd, ".pi", "mcp.json"), config: { command: "pi-b" } });
    expect(byName.c).toMatchObject({ scope: "project", file: join(cwd, ".mcp.json"), config: { command: "root-c" } });
  });

  it("leaves the project files out until the directory is trusted", () => {
    const { agentDir, cwd } = dirs();
    write(join(agentDir, "mcp.json"), { mcpServers: { a: { command: "a" } } });
    write(join(cwd, ".pi", "mcp.json"), { mcpServers: { evil: { command: "rm" } } });
    expect(mcpConfigFiles(agentDir, cwd, false)).toEqual([{ scope: "global", file: join(agentDir, "mcp.json") }]);
    expect(loadMcpConfig(mcpConfigFiles(agentDir, cwd, false)).servers.map((s) => s.name)).toEqual(["a"]);
  });

  it("expands ${VAR} and ${VAR:-default} in every string", () => {
    const { agentDir, cwd } = dirs();
    write(join(agentDir, "mcp.json"), {
      mcpServers: {
        s: { command: "${BIN}", args: ["--root", "${ROOT:-/srv}"], env: { TOKEN: "${TOKEN}" }, cwd: "${HOME_DIR:-/h}" },
        h: { type: "http", url: "https://${HOST}/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
      },
    });
    const env = { BIN: "/usr/bin/srv", TOKEN: "t0k", HOST: "example.org" };
    const { servers } = loadMcpConfig(mcpConfigFiles(agentDir, cwd, false), env);
    expect(servers[0].config).toMatchObject({ command: "/usr/bin/srv", args: ["--root", "/srv"], env: { TOKEN: "t0k" }, cwd: "/h" });
    expect(servers[1].config).toMatchObject({ url: "https://example.org/mcp", headers: { Authorization: "Bearer t0k" } });
  });

  it("reports bad JSON and bad entries with the file, keeping the good servers", () => {
    const { agentDir, cwd } = dirs();
    write(join(agentDir, "mcp.json"), "{ not json");
    write(join(cwd, ".pi", "mcp.json"), {
      mcpServers: { good: { command: "ok" }, "bad name": { command: "x" }, nothing: {}, args: { command: "x", args: "no" } },
    });
    write(join(cwd, ".mcp.json"), { mcpServers: [] });
    const { servers, problems } = loadMcpConfig(mcpConfigFiles(agentDir, cwd, true));
    expect(servers.map((s) => s.name)).toEqual(["good"]);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toContain(`${join(agentDir, "mcp.json")}: invalid JSON`);
    expect(problems.slice(1, 4).every((p) => p.startsWith(join(cwd, ".pi", "mcp.json")))).toBe(true);
    expect(problems[4]).toContain(`${join(cwd, ".mcp.json")}: "mcpServers" must be an object`);
  });
});

describe("writing mcp.json files", () => {
  it("adds and removes a server, keeping every other key and server", () => {
    const { agentDir } = dirs();
    const file = join(agentDir, "mcp.json");
    write(file, { $comment: "mine", other: { keep: true }, mcpServers: { old: { command: "old", args: ["x"] } } });
    expect(addMcpServer(file, "fs", { command: "mcp-server-filesystem", args: ["/tmp"] })).toEqual({ replaced: false });
    const added = JSON.parse(readFileSync(file, "utf8"));
    expect(added).toEqual({
      $comment: "mine",
      other: { keep: true },
      mcpServers: { old: { command: "old", args: ["x"] }, fs: { command: "mcp-server-filesystem", args: ["/tmp"] } },
    });
    expect(removeMcpServer(file, "old")).toBe(true);
    expect(removeMcpServer(file, "old")).toBe(false);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      $comment: "mine",
      other: { keep: true },
      mcpServers: { fs: { command: "mcp-server-filesystem", args: ["/tmp"] } },
    });
  });

  it("creates the file (and its directory) when there is none", () => {
    const { cwd } = dirs();
    const file = join(cwd, "nested", ".pi", "mcp.json");
    addMcpServer(file, "web", { type: "http", url: "http://localhost:1/mcp" });
    expect(readMcpFile(file).servers).toEqual({ web: { type: "http", url: "http://localhost:1/mcp" } });
  });

  it("refuses an existing name unless forced, and bad names", () => {
    const { agentDir } = dirs();
    const file = join(agentDir, "mcp.json");
    addMcpServer(file, "a", { command: "one" });
    expect(() => addMcpServer(file, "a", { command: "two" })).toThrow(/already in .*mcp\.json \(use --force/);
    expect(addMcpServer(file, "a", { command: "two" }, { force: true })).toEqual({ replaced: true });
    expect(readMcpFile(file).servers).toEqual({ a: { command: "two" } });
    expect(() => addMcpServer(file, "a b", { command: "x" })).toThrow(/letters, digits/);
  });

  it("refuses to touch a file that is not valid JSON, naming it, and leaves it as it was", () => {
    const { agentDir } = dirs();
    const file = join(agentDir, "mcp.json");
    write(file, '{"mcpServers": {');
    expect(() => addMcpServer(file, "a", { command: "x" })).toThrow(`${file} is not valid JSON`);
    expect(() => removeMcpServer(file, "a")).toThrow(`${file} is not valid JSON`);
    write(file, '{"mcpServers": []}');
    expect(() => addMcpServer(file, "a", { command: "x" })).toThrow(`${file}: "mcpServers" must be an object`);
    expect(readFileSync(file, "utf8")).toBe('{"mcpServers": []}');
  });
});

describe("the secret policy", () => {
  it("redacts env and header values in the config and in the details shown", () => {
    const config = { command: "x", env: { API_KEY: "s3cret" }, headers: { Authorization: "Bearer s3cret" } };
    expect(redactConfig(config)).toEqual({ command: "x", env: { API_KEY: "***" }, headers: { Authorization: "***" } });
    const text = formatServerDetails("x", "global", "/f", config);
    expect(text).toContain("API_KEY=***");
    expect(text).not.toContain("s3cret");
  });
});
