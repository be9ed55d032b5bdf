// A plugin's stray error (a timer that throws, a promise left rejected, an api used after a
// reload: StaleApiError) reaches the process, not a hook; the composition root's crash guard
// (compose/crash-guard.ts) reports it as that plugin's and the agent keeps running. An error no
// plugin owns still ends the process as Node would. Real `pi` processes, plugins in temp dirs.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "../support/rpc-process.js";
import { simProjects } from "../support/sim-projects.js";

const SIM = ["--provider", "sim", "--model", "sim-model"];
const s = simProjects();

// Every generation starts a poller on its own api; once a reload has retired that api, touching it
// throws StaleApiError out of the timer (the poller stops itself first, so it throws once).
const STALE_TIMER = `import { definePlugin } from "pi-kernel";
export default definePlugin({ name: "stale-timer", setup(api) {
  const t = setInterval(() => {
    try { void api.cwd; } catch (error) { clearInterval(t); throw error; }
  }, 10);
  t.unref();
} });
`;
const REJECTER = `import { definePlugin } from "pi-kernel";
export default definePlugin({ name: "rejecter", setup(api) {
  api.on("boot", ({ reason }) => { if (reason === "reload") void Promise.reject(new Error("rejected and never awaited")); });
} });
`;
const EXT_TIMER = `export default function (pi) {
  pi.registerCommand("kaboom", { handler: async () => { setTimeout(() => { throw new Error("kaboom from an extension timer"); }, 0); } });
}
`;

function write(dir: string, files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return ["-e", join(dir, name)];
  });
}

const exited = (rpc: RpcProcess) =>
  new Promise<number | null>((resolve) => {
    if (rpc.child.exitCode !== null) resolve(rpc.child.exitCode);
    else rpc.child.on("exit", (code) => resolve(code));
  });

describe("the crash guard", () => {
  it("reports a native plugin's rejection after /reload and an extension's timer; the process lives", async () => {
    const { project, agentDir } = s.project();
    // A plugin's api lives as long as the plugin, so a reload no longer makes it stale (kernel tests cover a plugin that left).
    const flags = write(project, { "stale-timer.ts": STALE_TIMER, "rejecter.ts": REJECTER, "ext-timer.ts": EXT_TIMER });
    const rpc = new RpcProcess([...SIM, ...flags], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    const error = (plugin: string) => rpc.waitFor((r) => r.type === "extension_error" && r.extensionPath === plugin);
    await rpc.call({ type: "prompt", message: "/kaboom" });
    expect((await error("ext-timer")).error).toBe("extension ext-timer: uncaught exception: kaboom from an extension timer");
    await rpc.call({ type: "prompt", message: "/reload" });
    expect((await error("rejecter")).error).toBe("plugin rejecter: unhandled rejection: rejected and never awaited");
    // The stale-timer plugin survived the reload with its api: its timer never throws.
    expect(rpc.records.some((r) => r.type === "extension_error" && r.extensionPath === "stale-timer")).toBe(false);
    expect(await rpc.call({ type: "get_state" })).toMatchObject({ type: "response", success: true });
    expect(await rpc.close()).toBe(0);
  });

  it("lets an error that is no plugin's end the process, as Node would", async () => {
    const { project, agentDir } = s.project();
    // Loaded before pi (node --import): throws from its own timer once the guard's handlers are in place.
    const foreign = join(project, "foreign.mjs");
    writeFileSync(
      foreign,
      `const t = setInterval(() => { if (process.listenerCount("uncaughtException") === 0) return; clearInterval(t); throw new Error("not a plugin's error"); }, 10);\n`,
    );
    const rpc = new RpcProcess(SIM, {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, NODE_OPTIONS: `--import=${pathToFileURL(foreign).href}` },
    });
    expect(await exited(rpc)).toBe(1);
    // Its message and stack frames (never a source excerpt), and the exit code Node gives it.
    expect(rpc.stderr).toContain("pi: internal error: not a plugin's error");
    expect(rpc.stderr).toContain("foreign.mjs");
  });
});
