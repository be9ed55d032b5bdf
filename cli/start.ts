// The `pi` flags mapped onto the composition root (compose/agent.ts), and the agent started, with
// the CLI's error output. Loaded only once the flags are parsed, so --help stays cheap: the
// composition root brings in the kernel.
import type { Diagnostic, Kernel } from "../kernel/index.js";
import { composeAgent, ExtensionInstallError, type ComposedAgent, type ToolSelection } from "../compose/agent.js";
import { takeOverStdout } from "../lib/mode-kit/index.js";
import { stderrReporter } from "./report.js";

/** The started kernel, or undefined when `pi` should exit 1 (the cause is printed). */
export async function startAgent(
  flags: Record<string, unknown>,
  mode: string,
  cwd: string,
  opts: {
    quietModels?: boolean;
    /**
     * Asked once the plugins are set up, before any surface runs, with the flags object the
     * plugins see: false stops the agent (the check has said why).
     */
    check?: (kernel: Kernel, flags: Record<string, unknown>) => boolean;
  } = {},
): Promise<Kernel | undefined> {
  // As in pi: in the headless modes stdout is the protocol's from before any plugin loads.
  if (mode !== "interactive") takeOverStdout();
  const report = holdForUi(quiet(stderrReporter(flags.verbose === true), opts.quietModels === true), mode === "interactive");
  let agent: ComposedAgent;
  const kernelFlags: Record<string, unknown> = { ...flags, mode };
  try {
    agent = await composeAgent({
      cwd,
      flags: kernelFlags,
      extensions: (flags.extension as string[] | undefined) ?? [],
      noExtensions: flags.extensions === false,
      // Long-lived modes pick up plugin edits (and edits of the pi-packages.json composing them).
      watch: mode === "interactive" || mode === "rpc" || mode === "acp",
      tools: toolSelection(flags),
      containExit: true,
      report: report.to,
    });
  } catch (error) {
    report.release();
    if (!(error instanceof ExtensionInstallError)) throw error;
    process.stderr.write(`pi: -e: ${error.message}\n`);
    return undefined;
  }
  try {
    await agent.start();
  } catch (error) {
    report.release();
    process.stderr.write(`pi: could not start: ${(error as Error).message}\n`);
    return undefined;
  }
  if (opts.check && !opts.check(agent.kernel, kernelFlags)) {
    report.release();
    await agent.kernel.stop();
    return undefined;
  }
  report.release(agent.kernel);
  // A plugin said the run cannot go on as asked (already reported): stop before any surface runs.
  if (agent.kernel.diagnostics.some((d) => d.fatal)) {
    await agent.kernel.stop();
    return undefined;
  }
  return agent.kernel;
}

/**
 * In the interactive mode, what is reported before any plugin listens (settings.json problems,
 * the untrusted-project warning) is held and handed to the kernel once it has started, so the
 * interactive UI shows it and lists it in /diagnostics; without a listening UI it is printed.
 */
function holdForUi(print: (d: Diagnostic) => void, hold: boolean): { to(d: Diagnostic): void; release(kernel?: Kernel): void } {
  let held: Diagnostic[] | undefined = hold ? [] : undefined;
  return {
    to: (d) => (held ? held.push(d) : print(d)),
    release(kernel) {
      const early = held ?? [];
      held = undefined;
      for (const d of early) {
        if (kernel) kernel.report(d);
        else print(d);
      }
    },
  };
}

/** `pi mcp list` runs no prompt: "no model" advice would be noise there. */
function quiet(report: (d: Diagnostic) => void, models: boolean): (d: Diagnostic) => void {
  return models ? (d) => d.where !== "model selection" && report(d) : report;
}

/** --no-tools, --tools a,b, --no-builtin-tools. */
function toolSelection(flags: Record<string, unknown>): ToolSelection {
  return {
    none: flags.tools === false,
    only:
      typeof flags.tools === "string"
        ? flags.tools
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
    noBuiltin: flags.builtinTools === false,
  };
}
