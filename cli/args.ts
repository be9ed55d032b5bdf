// Command-line parsing with commander, pi's flags. Only commander is imported here so that
// `pi --help` stays cheap. Parsing is done twice, as pi does: `parseArgs` before the plugins load
// keeps unknown `--flags` (a plugin may declare them; -e and --packages decide which plugins load),
// `parseDeclared` once they are set up knows every flag the composition declares, parses each by
// its type and refuses an unknown one with commander's did-you-mean, and a value outside a flag's
// choices: a typo must never start a run with weaker safety than asked for (exit 2).
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import type { DeclaredFlag } from "../compose/declarations.js";

export interface CliArgs {
  flags: Record<string, unknown>;
  messages: string[];
  /** `@file` arguments, in order. */
  files: string[];
  /** Set by `parseArgs` when the command line names no flag but pi's own: their names (`--provider`, `-p`, ...). */
  ownFlagsOnly?: ReadonlySet<string>;
}

// pi's multi-letter short flags; commander only knows single-letter ones.
const ALIASES: Record<string, string> = {
  "-nt": "--no-tools",
  "-nbt": "--no-builtin-tools",
  "-ne": "--no-extensions",
  "-ns": "--no-skills",
  "-np": "--no-prompt-templates",
  "-nc": "--no-context-files",
};

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function buildProgram(version: string, declared: readonly DeclaredFlag[] = []): Command {
  const program = new Command("pi")
    .description("pi-kernel: a coding agent built as a plugin microkernel, a drop-in for pi")
    .usage("[options] [@files...] [messages...]")
    .version(version, "-v, --version")
    .argument("[messages...]")
    .option("--provider <name>", "provider name (from models.json or the built-in catalog)")
    .option("--model <pattern>", "model id or pattern; provider/id and a :thinking suffix work")
    .option("--api-key <key>", "API key for this run only (never saved)")
    .addOption(new Option("--thinking <level>", "thinking level").choices(["off", "minimal", "low", "medium", "high", "xhigh"]))
    .option("--system-prompt <text|file>", "replace the default system prompt")
    .option("--append-system-prompt <text|file>", "append to the system prompt (repeatable)", collect)
    .addOption(new Option("--mode <mode>", "output mode").choices(["text", "json", "rpc", "acp"]))
    .option("-p, --print", "run the messages, print the final answer and exit")
    .option("-c, --continue", "continue the most recent session for this directory")
    .option("-r, --resume", "pick a session to resume")
    .option("--session <path|id>", "open a session file or id prefix")
    .option("--fork <path|id>", "copy a session into a new one in this directory")
    .option("--session-dir <dir>", "where sessions are stored")
    .option("--no-session", "keep the session in memory only")
    .option("--models <patterns>", "comma-separated model patterns for cycling")
    .option("--skill <path>", "add a skill file or dir (repeatable)", collect)
    .option("--no-skills", "skip skill discovery (-ns)")
    .option("--prompt-template <path>", "add a prompt template file or dir (repeatable)", collect)
    .option("--no-prompt-templates", "skip prompt template discovery (-np)")
    .option("--theme <path>", "add a theme file or dir (repeatable)", collect)
    .option("--no-themes", "skip theme discovery")
    .option("--ui <name>", "interactive UI: inline or fullscreen")
    .option("--export <session.jsonl>", "export a session to HTML (optional next argument: out.html) and exit")
    .option("--list-models [search]", "list the models that have auth configured, then exit")
    .option("-t, --tools <list>", "comma-separated allowlist of tools")
    .option("--no-tools", "no tools at all (-nt)")
    .option("--no-builtin-tools", "no built-in tools; extension tools stay (-nbt)")
    .option("-e, --extension <path>", "load an extension file or package dir (repeatable)", collect)
    .option("--no-extensions", "skip extension discovery; -e still loads (-ne)")
    .option("--no-context-files", "skip AGENTS.md / CLAUDE.md (-nc)")
    .option("--packages <file|name>", "the composition: a pi-packages.json, or a shipped one's name (default, read-only-agent, ...)")
    .option("--trust", "trust this project: its .pi/extensions, packages and settings load (remembered)")
    .option("--verbose", "print diagnostics at start-up")
    .option("--offline", "no network access besides the model provider")
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .helpOption("-h, --help")
    .addHelpText("after", SUBCOMMANDS);
  for (const flag of declared) program.addOption(pluginOption(flag));
  return program;
}

/** A declared plugin flag as a commander option, parsed by its type. */
export function pluginOption(flag: DeclaredFlag): Option {
  const value = flag.type === "boolean" ? "" : flag.preset !== undefined ? " [value]" : " <value>";
  const option = new Option(`--${flag.name}${value}`, flag.description ?? `registered by ${flag.owner ?? "a plugin"}`);
  if (flag.choices) option.choices(flag.choices);
  if (flag.preset !== undefined) option.preset(flag.preset);
  if (flag.type === "number") option.argParser(toNumber);
  if (flag.type === "list") option.argParser(toList);
  return option;
}

function toNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new InvalidArgumentError("Not a number.");
  return n;
}

/** A list flag: repeatable, and each value may hold several, comma-separated. */
function toList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}

/** The subcommands, as pi's help lists them (each answers `pi <command> --help`). */
export const SUBCOMMANDS = `
Commands:
  pi install <source> [-l]     install a pi package (npm:, git:, URL or path); -l: this project
  pi remove <source> [-l]      remove a package (alias: pi uninstall)
  pi update [source]           reinstall unpinned packages
  pi list                      the installed packages
  pi config [-l]               switch package and local resources on/off (-l: this project)
  pi mcp add|remove|get|list   MCP servers (pi mcp for the details)
  pi <command> --help          help for install/remove/update/list/config/mcp

Plugins and extensions declare more flags: they are listed below.`;

/** `-h`/`--help` anywhere before `--` (commander's own check, made before commander runs). */
export function wantsHelp(argv: string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === "-h" || a === "--help");
}

export function parseArgs(argv: string[], version: string): CliArgs {
  const program = buildProgram(version).exitOverride();
  const normalised = argv.map((a) => ALIASES[a] ?? a);
  program.parse(normalised, { from: "user" });
  const flags: Record<string, unknown> = { ...program.opts() };
  const files: string[] = [];
  const messages: string[] = [];
  const rest = program.args;
  let ownFlagsOnly = true;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg.startsWith("--")) {
      ownFlagsOnly = false;
      // An unknown --name[=value] belongs to a plugin flag.
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      const next = rest[i + 1];
      const value = inline ?? (next !== undefined && !next.startsWith("-") ? (i++, next) : true);
      flags[camel(name)] = value;
    } else if (arg.startsWith("@")) files.push(arg.slice(1));
    else if (/^-[^-]/.test(arg)) throw new Error(`Unknown option: ${arg}`);
    else messages.push(arg);
  }
  if (!ownFlagsOnly) return { flags, messages, files };
  return {
    flags,
    messages,
    files,
    ownFlagsOnly: new Set(program.options.flatMap((o) => [o.long, o.short]).filter((f) => f !== undefined)),
  };
}

/**
 * Whether `parseDeclared` would give what `parseArgs` gave (`first`): the command line named none
 * but pi's own flags, and no declared flag takes one of their names (commander refuses such a
 * program), `--help` or `--version`, or is a `--no-…` one (commander gives its positive form a
 * default). Any other declared flag absent from the command line changes nothing.
 */
export function declaredChangeNothing(first: CliArgs, declared: readonly DeclaredFlag[]): boolean {
  const own = first.ownFlagsOnly;
  return own !== undefined && !declared.some((f) => own.has(`--${f.name}`) || RESERVED.has(f.name) || f.name.startsWith("no-"));
}

const RESERVED = new Set(["help", "version"]);

/**
 * The command line parsed with every flag the composition declares: the arguments, or the
 * message of the first problem (an unknown flag with a did-you-mean, a value outside a flag's
 * choices, a missing value).
 */
export function parseDeclared(argv: string[], version: string, declared: readonly DeclaredFlag[]): CliArgs | string {
  const program = buildProgram(version, declared)
    .exitOverride()
    .allowUnknownOption(false)
    .showSuggestionAfterError(true)
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  const known = new Set(program.options.flatMap((o) => [o.long, o.short, o.negate ? o.long : undefined]));
  try {
    program.parse(
      splitUnknownValues(
        argv.map((a) => ALIASES[a] ?? a),
        known,
      ),
      { from: "user" },
    );
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return error.message.replace(/^error: /, "").replace(/\n\(Did you mean (.*)\)$/s, " (did you mean $1)");
  }
  const files: string[] = [];
  const messages: string[] = [];
  for (const arg of program.args) {
    if (arg.startsWith("@")) files.push(arg.slice(1));
    else messages.push(arg);
  }
  return { flags: { ...program.opts() }, messages, files };
}

/** `--name=value` of a flag nobody declares becomes `--name value`, so commander can suggest the flag meant. */
function splitUnknownValues(argv: string[], known: Set<string | undefined>): string[] {
  const end = argv.indexOf("--");
  return argv.flatMap((a, i) => {
    const m = (end === -1 || i < end) && /^(--[^=]+)=(.*)$/s.exec(a);
    return m && !known.has(m[1]) ? [m[1], m[2]] : [a];
  });
}

export function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
