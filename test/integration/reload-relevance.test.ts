// What a file change reloads, through a real `pi --mode rpc` with real extensions in temp dirs:
// - an extension that writes a log and a state file next to itself on every event is not
//   reloaded by its own writes (pi-permission-system did that: a reload storm of session_start);
//   only a file of an extension's module graph (or a manifest) reloads it, and only it hears
//   session_start again;
// - a `-e` plugin whose file was deleted leaves at the next /reload, said in a diagnostic, while
//   every other plugin reloads as usual.
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { until } from "../kernel/harness.js";
import { RpcProcess } from "../support/rpc-process.js";
import { simProjects } from "../support/sim-projects.js";

const SIM = ["--provider", "sim", "--model", "sim-model"];
const s = simProjects();

const lines = (file: string) => {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

/** A pi extension (a folder package) that logs every event it hears into its own folder, and keeps a state file there. */
const logger = (dir: string) => `import { appendFileSync, writeFileSync } from "node:fs";
import { helper } from "./helper";
const log = (line) => {
  appendFileSync(${JSON.stringify(join(dir, "events.log"))}, line + "\\n");
  writeFileSync(${JSON.stringify(join(dir, "state.json"))}, JSON.stringify({ at: Date.now(), line }));
};
export default function (pi) {
  pi.on("session_start", (e) => log("session_start " + e.reason + " " + helper()));
  for (const name of ["agent_start", "turn_start", "message_end", "turn_end", "agent_end"]) pi.on(name, () => log(name));
}
`;
const marker = (file: string) => `import { appendFileSync } from "node:fs";
export default function (pi) {
  pi.on("session_start", (e) => appendFileSync(${JSON.stringify(file)}, e.reason + "\\n"));
}
`;

describe("what a file change reloads", () => {
  it("an extension's own log and state files never reload it; its module graph does, and only it hears session_start", async () => {
    const { project, agentDir } = s.project();
    const pkg = join(agentDir, "extensions", "logger");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "logger", pi: { extensions: ["./index.ts"] } }));
    writeFileSync(join(pkg, "index.ts"), logger(pkg));
    writeFileSync(join(pkg, "helper.ts"), `export const helper = () => "v1";\n`);
    const otherLog = join(project, "other.log");
    const other = join(agentDir, "extensions", "other.ts");
    writeFileSync(other, marker(otherLog));
    const log = join(pkg, "events.log");
    const rpc = new RpcProcess(SIM, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    await until(() => lines(otherLog).length === 1 && lines(log).length === 1, "both extensions started", 15_000);
    const start = rpc.records.length;
    s.sim.script({ text: "Hello back." });
    await rpc.call({ type: "prompt", message: "hello" });
    await rpc.waitFor((r) => r.type === "agent_end", start);
    // A stray file in the extensions folder that is no extension's entry: nothing to reload either.
    appendFileSync(join(agentDir, "extensions", "notes.txt"), "not code\n");
    // The other extension's edit is seen after the logger's writes (one watcher, in order): once it
    // reloaded, the logger's writes had their chance to reload it too.
    appendFileSync(other, "// edited\n");
    await until(() => lines(otherLog).includes("reload"), "the edited extension reloaded", 15_000);
    expect(lines(log).filter((l) => l.startsWith("session_start"))).toEqual(["session_start startup v1"]);
    expect(lines(otherLog)).toEqual(["startup", "reload"]);
    // A file of the logger's module graph (not its entry) reloads it.
    writeFileSync(join(pkg, "helper.ts"), `export const helper = () => "v2";\n`);
    await until(() => lines(log).includes("session_start reload v2"), "the logger reloaded for its helper", 15_000);
    expect(lines(otherLog)).toEqual(["startup", "reload"]);
    expect(await rpc.close()).toBe(0);
  });

  it("a -e plugin whose file was deleted leaves at /reload; the others reload", async () => {
    const { project, agentDir } = s.project();
    const bootLog = join(project, "boots.log");
    const keeper = join(project, "keeper.ts");
    writeFileSync(
      keeper,
      `import { appendFileSync } from "node:fs";
import { definePlugin } from "pi-kernel";
export default definePlugin({ name: "keeper", setup(api) {
  api.on("boot", ({ reason }) => appendFileSync(${JSON.stringify(bootLog)}, reason + "\\n"));
} });
`,
    );
    const gone = join(project, "gone.ts");
    writeFileSync(gone, `import { definePlugin } from "pi-kernel";\nexport default definePlugin({ name: "gone", setup() {} });\n`);
    const rpc = new RpcProcess([...SIM, "-e", keeper, "-e", gone], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    await until(() => lines(bootLog).length === 1, "keeper booted", 15_000);
    rmSync(gone);
    await rpc.call({ type: "prompt", message: "/reload" });
    await until(() => lines(bootLog).includes("reload"), "keeper booted again after /reload", 15_000);
    const diagnostics = rpc.records.filter((r) => JSON.stringify(r).includes("gone.ts"));
    expect(diagnostics.map((r) => JSON.stringify(r)).join("\n")).toMatch(/not found/i);
    expect(await rpc.call({ type: "get_state" })).toMatchObject({ success: true });
    expect(await rpc.close()).toBe(0);
  });
});
