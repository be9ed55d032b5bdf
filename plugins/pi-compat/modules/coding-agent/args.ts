// pi's parseArgs: the `pi` command line as pi's Args object (flags, the messages, @file
// arguments, and unknown --flags kept for extensions), for packages that wrap the CLI.

type Flag = [keyof Args, "string" | "boolean" | "list" | "csv"];
export interface Args {
  messages: string[];
  fileArgs: string[];
  unknownFlags: Map<string, boolean | string>;
  diagnostics: { type: "warning" | "error"; message: string }[];
  [flag: string]: unknown;
}

const FLAGS: Record<string, Flag> = {
  "--provider": ["provider", "string"],
  "--model": ["model", "string"],
  "--api-key": ["apiKey", "string"],
  "--system-prompt": ["systemPrompt", "string"],
  "--append-system-prompt": ["appendSystemPrompt", "list"],
  "--thinking": ["thinking", "string"],
  "--continue": ["continue", "boolean"],
  "-c": ["continue", "boolean"],
  "--resume": ["resume", "boolean"],
  "-r": ["resume", "boolean"],
  "--help": ["help", "boolean"],
  "-h": ["help", "boolean"],
  "--version": ["version", "boolean"],
  "-v": ["version", "boolean"],
  "--mode": ["mode", "string"],
  "--name": ["name", "string"],
  "--no-session": ["noSession", "boolean"],
  "--session": ["session", "string"],
  "--session-id": ["sessionId", "string"],
  "--fork": ["fork", "string"],
  "--session-dir": ["sessionDir", "string"],
  "--models": ["models", "csv"],
  "--tools": ["tools", "csv"],
  "--exclude-tools": ["excludeTools", "csv"],
  "--no-tools": ["noTools", "boolean"],
  "--no-builtin-tools": ["noBuiltinTools", "boolean"],
  "--extension": ["extensions", "list"],
  "-e": ["extensions", "list"],
  "--no-extensions": ["noExtensions", "boolean"],
  "--print": ["print", "boolean"],
  "-p": ["print", "boolean"],
  "--export": ["export", "string"],
  "--no-skills": ["noSkills", "boolean"],
  "--skill": ["skills", "list"],
  "--prompt-template": ["promptTemplates", "list"],
  "--no-prompt-templates": ["noPromptTemplates", "boolean"],
  "--theme": ["themes", "list"],
  "--no-themes": ["noThemes", "boolean"],
  "--no-context-files": ["noContextFiles", "boolean"],
  "--verbose": ["verbose", "boolean"],
  "--offline": ["offline", "boolean"],
};

export function parseArgs(argv: string[]): Args {
  const args: Args = { messages: [], fileArgs: [], unknownFlags: new Map(), diagnostics: [] };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const [name, inline] =
      raw.startsWith("--") && raw.includes("=") ? [raw.slice(0, raw.indexOf("=")), raw.slice(raw.indexOf("=") + 1)] : [raw, undefined];
    const flag = FLAGS[name];
    const value = () => inline ?? argv[++i];
    if (name === "--list-models") {
      const next = argv[i + 1];
      args.listModels = next && !next.startsWith("-") ? argv[++i] : true;
    } else if (flag) {
      const [key, kind] = flag;
      if (kind === "boolean") args[key] = true;
      else if (kind === "string") args[key] = value();
      else if (kind === "list") args[key] = [...((args[key] as string[] | undefined) ?? []), value()];
      else
        args[key] = String(value() ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
    } else if (raw.startsWith("@")) args.fileArgs.push(raw.slice(1));
    else if (raw.startsWith("--")) {
      // Unknown flags are extensions' flags: a value unless the next word is another flag.
      const next = argv[i + 1];
      args.unknownFlags.set(name.slice(2), inline ?? (next !== undefined && !next.startsWith("-") ? argv[++i]! : true));
    } else if (raw.startsWith("-") && raw.length > 1) args.diagnostics.push({ type: "warning", message: `Unknown option: ${raw}` });
    else args.messages.push(raw);
  }
  if (args.thinking !== undefined && !["off", "minimal", "low", "medium", "high", "xhigh"].includes(String(args.thinking))) {
    args.diagnostics.push({ type: "error", message: `Invalid thinking level: ${String(args.thinking)}` });
  }
  return args;
}
