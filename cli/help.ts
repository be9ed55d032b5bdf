// `pi --help`: pi's options and subcommands, then the flags the agent's plugins register (pi's
// `pi.registerFlag`, a `flag` contribution). As in pi, the extensions are loaded to know their
// flags: the agent is composed with the same flags (-e, --packages, --no-extensions count),
// nothing runs, and it is stopped again.
import type { FlagDef } from "../contracts/index.js";
import { buildProgram, parseArgs, SUBCOMMANDS } from "./args.js";

export async function printHelp(argv: string[], version: string): Promise<number> {
  const text = `${buildProgram(version).helpInformation()}${SUBCOMMANDS}\n`;
  const flags = await pluginFlags(
    argv.filter((a) => a !== "-h" && a !== "--help"),
    version,
  );
  process.stdout.write(text + flagSection(flags));
  return 0;
}

/** The flags registered by the plugins of the agent these arguments compose (none if it cannot start). */
type Registered = FlagDef & { owner?: string };

async function pluginFlags(argv: string[], version: string): Promise<Registered[]> {
  let flags: Record<string, unknown>;
  try {
    flags = parseArgs(argv, version).flags;
  } catch {
    return [];
  }
  const { startAgent } = await import("./start.js");
  const { restoreStdout } = await import("../lib/mode-kit/index.js");
  // No session file is written, and the problems of model selection are not this command's.
  const kernel = await startAgent({ ...flags, session: false }, "help", process.cwd(), { quietModels: true });
  restoreStdout();
  if (!kernel) return [];
  const { registry } = kernel;
  const found = registry.list("flag").map((f) => ({ ...f, owner: registry.owner("flag", f.name) }));
  await kernel.stop();
  return found;
}

function flagSection(flags: Registered[]): string {
  if (flags.length === 0) return "";
  const rows = flags.map((f) => {
    const head = `  --${f.name}${f.type === "string" ? " <value>" : ""}`;
    return `${head.padEnd(30)} ${f.description ?? `registered by ${f.owner ?? "a plugin"}`}`;
  });
  return `\nExtension flags:\n${rows.join("\n")}\n`;
}
