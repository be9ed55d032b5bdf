// The OS sandbox for shell commands (`--sandbox read-only|workspace-write|off`, settings
// `sandbox.mode`, `sandbox.network`, `sandbox.allowWrite`): provides the "shellSandbox" service
// the bash tool and `!cmd` ask before spawning. On Linux commands run under bubblewrap; when the
// sandbox is on but cannot start, every command is refused with the reason (fail closed), never
// run unsandboxed. `/sandbox` shows what applies.
import { definePlugin, Type } from "pi-kernel";
import type { ShellSandboxService } from "../../contracts/shell-sandbox.js";
import { bwrapArgs, probe } from "./bwrap.js";
import { SANDBOX_MODES, sandboxConfig } from "./config.js";
import { explainBlocked } from "./explain.js";

export default definePlugin({
  name: "sandbox",
  provides: ["shellSandbox"],
  uses: ["ui"],
  flags: {
    sandbox: {
      type: "string",
      choices: SANDBOX_MODES,
      preset: "workspace-write",
      default: "off",
      description: "run shell commands in a bubblewrap sandbox (alone: workspace-write)",
    },
  },
  settings: Type.Object({
    sandbox: Type.Optional(
      Type.Object({
        mode: Type.Optional(Type.Union(SANDBOX_MODES.map((m) => Type.Literal(m)))),
        network: Type.Optional(Type.Boolean()),
        allowWrite: Type.Optional(Type.Array(Type.String())),
      }),
    ),
  }),
  setup(api) {
    const config = sandboxConfig(api);
    if (config.invalid)
      api.diagnose({ level: "error", code: "sandbox-invalid", message: `${config.invalid}; shell commands are refused until it is fixed` });
    // One probe per generation (settings or flags may change on reload); its answer is cached.
    let probed: ReturnType<typeof probe> | undefined;
    const service: ShellSandboxService = {
      async wrapper(cwd) {
        if (config.invalid) throw new Error(`The command was not run: ${config.invalid}.`);
        if (config.mode === "off") return [];
        probed ??= probe(config, cwd);
        const answer = await probed;
        if ("error" in answer) throw new Error(`${answer.error} The command was not run.`);
        return bwrapArgs(config, cwd, answer.userNs);
      },
      explain: (output) => (config.mode === "off" ? undefined : explainBlocked(config, api.cwd, output)),
    };
    api.services.provide("shellSandbox", service);
    api.on("boot", () => {
      if (config.mode !== "off") api.services.get("ui")?.setStatus("sandbox", `sandbox: ${config.mode}${config.network ? " +net" : ""}`);
    });
    api.register.command({
      name: "sandbox",
      description: "Show the OS sandbox shell commands run in",
      source: "builtin",
      handler: () => describe(config, api.cwd),
    });
  },
});

function describe(config: ReturnType<typeof sandboxConfig>, cwd: string): string {
  if (config.invalid) return `Sandbox: ${config.invalid}; shell commands are refused.`;
  if (config.mode === "off")
    return "Sandbox: off (shell commands run unsandboxed). Turn it on with --sandbox workspace-write or the sandbox.mode setting.";
  const writable =
    config.mode === "workspace-write" ? [`${cwd} (but not its .git)`, ...config.allowWrite, "a private /tmp"] : ["a private /tmp"];
  return [
    `Sandbox: ${config.mode} (from ${config.source}), bubblewrap`,
    `  writable: ${writable.join(", ")}`,
    `  network: ${config.network ? "allowed" : "off"}`,
  ].join("\n");
}
