// `pi --help`: pi's options and subcommands, then the flags the agent's plugins declare (their
// definition's `flags`, and pi's `pi.registerFlag`, a `flag` contribution). As in pi, the plugins
// are loaded to know their flags: the agent is composed with the same flags (-e, --packages,
// --no-extensions count), nothing runs, and it is stopped again.
import type { DeclaredFlag } from "../compose/declarations.js";
import { buildProgram, parseArgs, pluginOption, SUBCOMMANDS } from "./args.js";

export async function printHelp(argv: string[], version: string): Promise<number> {
  const text = `${buildProgram(version).helpInformation()}${SUBCOMMANDS}\n`;
  const flags = await pluginFlags(
    argv.filter((a) => a !== "-h" && a !== "--help"),
    version,
  );
  process.stdout.write(text + flagSection(flags));
  return 0;
}

/** The flags declared by the plugins of the agent these arguments compose (none if it cannot start). */
async function pluginFlags(argv: string[], version: string): Promise<DeclaredFlag[]> {
  let flags: Record<string, unknown>;
  try {
    flags = parseArgs(argv, version).flags;
  } catch {
    return [];
  }
  const { startAgent } = await import("./start.js");
  const { restoreStdout } = await import("../lib/mode-kit/index.js");
  const { declaredFlags } = await import("../compose/declarations.js");
  // No session file is written, and the problems of model selection are not this command's.
  const kernel = await startAgent({ ...flags, session: false }, "help", process.cwd(), { quietModels: true });
  restoreStdout();
  if (!kernel) return [];
  const found = declaredFlags(kernel);
  await kernel.stop();
  return found;
}

function flagSection(flags: DeclaredFlag[]): string {
  if (flags.length === 0) return "";
  const rows = flags.map((f) => {
    const option = pluginOption(f);
    const choices = f.choices ? ` (${f.choices.join(", ")})` : "";
    const fallback = f.default !== undefined && f.type !== "boolean" ? ` [default: ${String(f.default)}]` : "";
    return `  ${option.flags.padEnd(28)} ${option.description}${choices}${fallback}`;
  });
  return `\nPlugin flags:\n${rows.join("\n")}\n`;
}
