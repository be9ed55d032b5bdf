// The OS sandbox for shell commands (`--sandbox read-only|workspace-write|off`, settings
// `sandbox.mode`, `sandbox.network`, `sandbox.allowWrite`): provides the "shellSandbox" service
// the bash tool and `!cmd` ask before spawning. On Linux commands run under bubblewrap; when the
// sandbox is on but cannot start, every command is refused with the reason (fail closed), never
// run unsandboxed. `/sandbox` shows what applies.
import { definePlugin, Stage, Type } from "pi-kernel";
import type { ShellSandboxService } from "../../contracts/shell-sandbox.js";
import { bwrapArgs, probe } from "./bwrap.js";
import { SANDBOX_MODES, sandboxConfig } from "./config.js";
import { explainBlocked } from "./explain.js";
import { writeUnixSocketFilter } from "./seccomp.js";

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
    // One seccomp filter file per process (kept across reloads), written when first needed.
    const filter = api.keep("socketFilter", () => ({ file: undefined as string | undefined }));
    const place = () => ({
      cwd: api.cwd,
      agentDir: api.agentDir,
      socketFilter: config.network ? undefined : (filter.file ??= writeUnixSocketFilter()),
    });
    const service: ShellSandboxService = {
      async wrapper(cwd) {
        if (config.invalid) throw new Error(`The command was not run: ${config.invalid}.`);
        if (config.mode === "off") return [];
        probed ??= probe(config, { ...place(), cwd });
        const answer = await probed;
        if ("error" in answer) throw new Error(`${answer.error} The command was not run.`);
        try {
          return bwrapArgs(config, { ...place(), cwd, userNs: answer.userNs });
        } catch (error) {
          throw new Error(`${(error as Error).message} The command was not run.`);
        }
      },
      active: () => config.mode !== "off" || config.invalid !== undefined,
      explain: (output) => (config.mode === "off" ? undefined : explainBlocked(config, api.cwd, output)),
    };
    api.services.provide("shellSandbox", service);
    // A tool that runs commands but does not come from a plugin that asks this service (pi's
    // createBashTool in an extension, a remote runner) would bypass the sandbox: with the
    // sandbox on, its calls are refused rather than run unsandboxed.
    api.on(
      "toolCall",
      (event) => {
        if (!service.active()) return;
        const tool = api.registry.get("tool", event.toolName);
        const owner = api.registry.owner("tool", event.toolName);
        // By what it declares, not its name or its plugin's (pi's createBashTool declares "execute" and no `runs`).
        if (!tool || !owner || tool.effect !== "execute" || tool.runs !== undefined) return;
        return {
          block: true,
          reason:
            `The "${event.toolName}" tool comes from ${owner}, which runs commands outside the sandbox (${config.source} is ` +
            `${config.mode}); it was not run. Remove that extension, or run with --sandbox off if you mean it.`,
        };
      },
      { stage: Stage.EARLY },
    );
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
    config.mode === "workspace-write"
      ? [`${cwd} (but not its .git, .pi, .claude, .mcp.json)`, ...config.allowWrite, "a private /tmp"]
      : ["a private /tmp"];
  return [
    `Sandbox: ${config.mode} (from ${config.source}), bubblewrap`,
    `  writable: ${writable.join(", ")}`,
    `  network: ${config.network ? "allowed (unix sockets too)" : "off (unix sockets too)"}`,
    `  hidden: other processes (/proc), the agent dir's auth.json and models.json`,
  ].join("\n");
}
