// The `pi` command: parse flags, compose the agent from pi-packages.json and the extension dirs,
// start the kernel, and hand control to the surface (mode) plugin the flags ask for.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Diagnostic, ImageContent, Kernel } from "../kernel/index.js";
import { parseArgs, type CliArgs } from "./args.js";
import { inlineFiles } from "./files.js";
import { packageRoot as findPackageRoot } from "./package-root.js";
import { loadSettings } from "./settings.js";
import { agentPackages, runExtensions } from "./agent-packages.js";

const packageRoot = findPackageRoot();

const PACKAGE_COMMANDS = new Set(["install", "remove", "uninstall", "update", "list"]);

export async function main(argv: string[]): Promise<number> {
  if (PACKAGE_COMMANDS.has(argv[0] ?? "")) {
    const { packagesCommand } = await import("./packages-command.js");
    return packagesCommand(argv, { cwd: process.cwd(), agentDir: agentDirOf() });
  }
  let args: CliArgs;
  try {
    args = parseArgs(argv, version());
  } catch (error) {
    const code = (error as { exitCode?: number }).exitCode;
    if (code !== undefined) return code; // --help / --version already printed by commander
    process.stderr.write(`pi: ${(error as Error).message}\n`);
    return 1;
  }
  const { flags } = args;
  const cwd = process.cwd();
  const agentDir = agentDirOf();
  const mode = pickMode(flags);
  if (flags.resume && mode !== "interactive") {
    process.stderr.write("pi: -r/--resume opens a picker and needs the interactive mode; use -c (most recent) or --session <path|id>\n");
    return 1;
  }
  let messages = args.messages;
  let images: ImageContent[] = [];
  try {
    messages = await withPipedStdin(messages, mode);
    const files = inlineFiles(args.files, cwd);
    if (files.text) messages[0] = `${files.text}${messages[0] ?? ""}`;
    images = files.images;
  } catch (error) {
    process.stderr.write(`pi: ${(error as Error).message}\n`);
    return 1;
  }
  const kernelFlags: Record<string, unknown> = { ...flags, mode };
  const fallbackReport = reporter(flags.verbose === true);
  let kernel: Kernel | undefined;
  const packages = agentPackages({
    cwd, agentDir, packageRoot, flags: kernelFlags,
    report: (level, message) => (kernel ? kernel.host.report({ level, message, where: "packages" }) : fallbackReport({ level, message })),
  });
  const { settings, problems } = loadSettings(agentDir, cwd, packages.projectTrusted());
  packages.useSettings(settings);
  for (const p of problems) process.stderr.write(`pi: ${p}\n`);

  // The kernel is imported only now, so --help and flag errors stay cheap.
  const [{ createKernel }, { sharedModules }] = await Promise.all([import("../kernel/index.js"), import("../compose/shared-modules.js")]);
  const modules = await sharedModules();
  let runExts: Awaited<ReturnType<typeof runExtensions>>;
  try {
    runExts = await runExtensions((flags.extension as string[] | undefined) ?? [], cwd);
  } catch (error) {
    process.stderr.write(`pi: -e: ${(error as Error).message}\n`);
    return 1;
  }
  process.once("exit", () => runExts.cleanup());
  kernel = createKernel({
    cwd, agentDir, settings, flags: kernelFlags, modules,
    packageRoot,
    packagesFile: packages.packagesFile,
    packageSources: packages.packageSources,
    projectTrusted: packages.projectTrusted,
    extensionPaths: runExts.paths,
    noExtensions: flags.extensions === false,
    // Long-lived modes pick up plugin edits (and edits of the pi-packages.json composing them).
    watch: mode === "interactive" || mode === "rpc",
    watchPaths: [packages.packagesFile],
    fallbackReport,
  });
  try {
    await kernel.start();
  } catch (error) {
    process.stderr.write(`pi: could not start: ${(error as Error).message}\n`);
    return 1;
  }
  applyToolFlags(kernel, flags);
  const surfaces = kernel.host.current.registry.list("surface");
  const surface = surfaces.find((s) => s.claims?.(flags)) ?? kernel.host.current.registry.get("surface", mode);
  if (!surface) {
    const have = surfaces.map((s) => s.name).join(", ") || "none";
    process.stderr.write(`pi: no plugin provides the "${mode}" mode in this agent (available: ${have}). Use -p for print mode.\n`);
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
  if (flags.mode === "rpc" || flags.mode === "json") return flags.mode;
  if (flags.print || flags.mode === "text" || !process.stdin.isTTY) return "print";
  return "interactive";
}

/** Piped stdin is prepended to the first message. */
async function withPipedStdin(messages: string[], mode: string): Promise<string[]> {
  const out = [...messages];
  if (mode !== "rpc" && !process.stdin.isTTY) {
    const piped = await readStdin();
    if (piped.trim()) out[0] = out.length ? `${piped}\n\n${out[0]}` : piped;
  }
  return out;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function applyToolFlags(kernel: Kernel, flags: Record<string, unknown>): void {
  if (flags.tools === false) return kernel.actions.setActiveTools([]);
  if (typeof flags.tools === "string") {
    return kernel.actions.setActiveTools(flags.tools.split(",").map((t) => t.trim()).filter(Boolean));
  }
  if (flags.builtinTools === false) {
    const gen = kernel.host.current;
    const isBuiltin = (name: string) => {
      const owner = gen.registry.owner("tool", name);
      return owner !== undefined && gen.plugins.get(owner)?.source.origin === "package";
    };
    kernel.actions.setActiveTools(kernel.agent.activeToolNames().filter((n) => !isBuiltin(n)));
  }
}

/** Before a mode plugin listens, problems go to stderr (info only with --verbose). */
function reporter(verbose: boolean): (d: Diagnostic) => void {
  return (d) => {
    if (d.level === "info" && !verbose) return;
    const where = d.where && !d.message.includes(d.where) ? ` (${d.where})` : "";
    process.stderr.write(`pi: ${d.level}: ${d.message}${where}\n`);
  };
}

function agentDirOf(): string {
  return resolve(process.env.PI_CODING_AGENT_DIR ?? join(homedir(), ".pi", "agent"));
}

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string }).version;
}
