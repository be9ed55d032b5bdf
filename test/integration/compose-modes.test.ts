// Packages made for some modes only ("pi-kernel": {"modes": [...]}) load in those modes alone:
// a print run does not import the interactive UI or the RPC and ACP servers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { discoverPlugins } from "../../compose/discover.js";

const root = mkdtempSync(join(tmpdir(), "pik-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function pkg(name: string, manifest: Record<string, unknown>) {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, pi: { extensions: ["./index.js"] }, ...manifest }));
  writeFileSync(join(dir, "index.js"), "export default () => {};\n");
  return { file: join(dir, "index.js"), root: dir, origin: "package" as const };
}

const sources = [
  pkg("everywhere", {}),
  pkg("rpc-only", { "pi-kernel": { modes: ["rpc"] } }),
  pkg("ui", { "pi-kernel": { modes: ["interactive"] } }),
];
const names = async (mode?: string) =>
  (await discoverPlugins({ cwd: root, agentDir: join(root, "agent"), noExtensions: true, packageSources: async () => sources, mode })).map(
    (s) => s.root.split("/").at(-1),
  );

describe("mode-specific packages", () => {
  it("load only in their modes", async () => {
    expect(await names("print")).toEqual(["everywhere"]);
    expect(await names("rpc")).toEqual(["everywhere", "rpc-only"]);
    expect(await names("interactive")).toEqual(["everywhere", "ui"]);
  });

  it("all load when no mode is given (the SDK composing an agent)", async () => {
    expect(await names()).toEqual(["everywhere", "rpc-only", "ui"]);
  });
});

describe("extension hosts", () => {
  // A fake install: its plugins/ folder holds the built-ins, one of them an extension host.
  const install = join(root, "install");
  const builtin = (name: string, manifest: Record<string, unknown> = {}) => {
    const dir = join(install, "plugins", name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name, pi: { extensions: ["./index.js"] }, ...manifest }));
    writeFileSync(join(dir, "index.js"), "export default () => {};\n");
    return { file: join(dir, "index.js"), root: dir, origin: "package" as const };
  };
  const own = [builtin("tools"), builtin("host", { "pi-kernel": { extensionHost: true } })];
  const discover = (sources: typeof own, packageRoot?: string) =>
    discoverPlugins({ cwd: root, agentDir: join(root, "agent"), noExtensions: true, packageSources: async () => sources, packageRoot });
  const namesOf = (sources: { root: string }[]) => sources.map((s) => s.root.split("/").at(-1));

  it("are left out when every plugin is the install's own", async () => {
    expect(namesOf(await discover(own, install))).toEqual(["tools"]);
  });

  it("load with any plugin from elsewhere (an extension, -e, an added package)", async () => {
    expect(namesOf(await discover([...own, pkg("from-npm", {})], install))).toEqual(["tools", "host", "from-npm"]);
  });

  it("load when there is no install root to tell built-ins by", async () => {
    expect(namesOf(await discover(own))).toEqual(["tools", "host"]);
  });
});
