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

const packageRoot = findPackageRoot();

export async function main(argv: string[]): Promise<number> {
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
  const agentDir = resolve(process.env.PI_CODING_AGENT_DIR ?? join(homedir(), ".pi", "agent"));
  const mode = pickMode(flags);
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
  const { settings, problems } = loadSettings(agentDir, cwd);
  for (const p of problems) process.stderr.write(`pi: ${p}\n`);

  // The kernel is imported only now, so --help and flag errors stay cheap.
  const { createKernel } = await import("../kernel/index.js");
  const kernel = createKernel({
    cwd, agentDir, settings, flags: { ...flags, mode },
    packageRoot,
    packagesFile: resolve(cwd, (flags.packages as string | undefined) ?? join(packageRoot, "pi-packages.json")),
    extensionPaths: (flags.extension as string[] | undefined) ?? [],
    noExtensions: flags.extensions === false,
    // Long-lived modes pick up plugin edits; a one-shot print run has nothing to reload.
    watch: mode === "interactive" || mode === "rpc",
    fallbackReport: reporter(flags.verbose === true),
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

function version(): string {
  return (JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string }).version;
}
