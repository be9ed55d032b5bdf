// The `pi` command: dispatch `pi install/remove/update/list`, `pi config`, `pi mcp` and `pi demo`,
// answer `--help`, parse flags, read piped stdin and
// @file arguments, have the composition root (compose/) assemble and start the agent, and hand
// control to the surface (mode) plugin the flags ask for.
import type { ImageContent } from "../kernel/index.js";
import { agentDirOf } from "../compose/agent-dir.js";
import { packageVersion } from "../compose/package-root.js";
import { parseArgs, wantsHelp, type CliArgs } from "./args.js";
import { checkDeclaredFlags } from "./flag-check.js";
import { inlineFiles } from "./files.js";
import { installProcessErrors } from "./process-errors.js";
import { readPipedStdin, stdinIsTerminal } from "./stdin.js";

const PACKAGE_COMMANDS = new Set(["install", "remove", "uninstall", "update", "list"]);

export async function main(argv: string[]): Promise<number> {
  installProcessErrors();
  if (PACKAGE_COMMANDS.has(argv[0] ?? "")) {
    const { packagesCommand } = await import("./packages-command.js");
    return packagesCommand(argv, { cwd: process.cwd(), agentDir: agentDirOf() });
  }
  if (argv[0] === "config") {
    const { configCommand } = await import("./config-command.js");
    return configCommand(argv.slice(1), { cwd: process.cwd(), agentDir: agentDirOf() });
  }
  if (argv[0] === "demo") return (await import("./demo-command.js")).demoCommand(argv.slice(1));
  if (argv[0] === "mcp") {
    const { mcpCommand } = await import("./mcp-command.js");
    const rest = argv.slice(1);
    return mcpCommand(wantsHelp(rest.slice(0, 1)) ? ["help"] : rest, { cwd: process.cwd(), agentDir: agentDirOf() });
  }
  if (argv[0] === "run") return (await import("./run-command.js")).runCommand(argv.slice(1), main);
  if (argv[0] === "serve") return (await import("./serve-command.js")).serveCommand(argv.slice(1), main);
  if (argv[0] === "attach") return (await import("./attach-command.js")).attachCommand(argv.slice(1));
  if (wantsHelp(argv)) return (await import("./help.js")).printHelp(argv, packageVersion());
  let args: CliArgs;
  try {
    args = parseArgs(argv, packageVersion());
  } catch (error) {
    const code = (error as { exitCode?: number }).exitCode;
    if (code === 0) return 0; // --version already printed by commander
    // A usage error (commander printed it) or an unknown short option.
    if (code === undefined) process.stderr.write(`pi: ${(error as Error).message}\n`);
    return 2;
  }
  const { flags } = args;
  const cwd = process.cwd();
  const mode = pickMode(flags);
  if (flags.resume && mode !== "interactive") {
    process.stderr.write("pi: -r/--resume opens a picker and needs the interactive mode; use -c (most recent) or --session <path|id>\n");
    return 1;
  }
  let piped: string | undefined;
  try {
    // The protocol modes own stdin.
    piped = mode === "rpc" || mode === "acp" ? undefined : await readPipedStdin();
  } catch (error) {
    process.stderr.write(`pi: ${(error as Error).message}\n`);
    return 1;
  }
  // Composing the agent imports the kernel, so --help and flag errors stay cheap.
  const { startAgent } = await import("./start.js");
  // The command line again, now with every flag the plugins declare: refused (exit 2) before anything runs.
  let checked: CliArgs | string | undefined;
  const kernel = await startAgent(flags, mode, cwd, {
    check: (k, kernelFlags) => typeof (checked = checkDeclaredFlags(k, kernelFlags, argv, packageVersion(), args)) !== "string",
  });
  if (typeof checked === "string") process.stderr.write(`pi: ${checked}\n`);
  if (!kernel || typeof checked !== "object") return typeof checked === "string" ? 2 : 1;
  let messages: string[];
  let images: ImageContent[];
  try {
    const files = inlineFiles(checked.files, cwd);
    messages = firstMessage(piped, files.text, checked.messages);
    images = files.images;
  } catch (error) {
    process.stderr.write(`pi: ${(error as Error).message}\n`);
    await kernel.stop();
    return 1;
  }
  const surfaces = kernel.registry.list("surface");
  const claimed = surfaces.find((s) => s.claims?.(flags));
  // A one-shot surface (--list-models, --export) prints its own output.
  if (claimed) (await import("../lib/mode-kit/index.js")).restoreStdout();
  const surface = claimed ?? kernel.registry.get("surface", mode);
  if (!surface) {
    process.stderr.write(
      `pi: ${missingSurface(
        mode,
        surfaces.map((s) => s.name),
        flags.packages as string | undefined,
      )}\n`,
    );
    await kernel.stop();
    return 1;
  }
  let code: number;
  try {
    code = await surface.run({ messages, images });
  } catch (error) {
    process.stderr.write(`pi: ${mode} mode failed: ${(error as Error).message}\n`);
    code = 1;
  }
  await kernel.stop();
  return code;
}

function pickMode(flags: Record<string, unknown>): string {
  if (flags.mode === "rpc" || flags.mode === "json" || flags.mode === "acp") return flags.mode;
  if (flags.print || flags.mode === "text" || !stdinIsTerminal()) return "print";
  return "interactive";
}

/**
 * pi's first message: piped stdin, then the @file text, then the first message argument, joined
 * as they are (pi adds no separator; the file text ends with a newline).
 */
function firstMessage(piped: string | undefined, fileText: string, messages: string[]): string[] {
  const [first, ...rest] = messages;
  const parts = [piped, fileText, first].filter((p): p is string => p !== undefined && p !== "");
  return parts.length > 0 ? [parts.join(""), ...rest] : rest;
}

/** The built-in plugin (@pi-kernel/<name>) that registers each mode. */
const MODE_PLUGINS: Record<string, string> = {
  print: "mode-print",
  json: "mode-print",
  rpc: "mode-rpc",
  acp: "mode-acp",
  interactive: "ui-interactive",
};

/** Why no surface runs: which plugin the composition lacks, and what is there instead. */
function missingSurface(mode: string, available: string[], packagesFile: string | undefined): string {
  const agent = packagesFile ? `the agent composed by ${packagesFile}` : "this agent";
  const plugin = MODE_PLUGINS[mode];
  const add = plugin ? `; add "@pi-kernel/${plugin}" to its pi-packages.json "packages"` : "";
  const hint = mode === "interactive" && available.includes("print") ? " Or use -p for print mode." : "";
  return `${agent} has no plugin providing the "${mode}" mode (available: ${available.join(", ") || "none"})${add}.${hint}`;
}
