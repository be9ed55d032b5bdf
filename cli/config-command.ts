// `pi config [-l] [--approve|--no-approve]`: pi's screen for switching the resources of installed
// packages and of the user's and project's own folders on and off (config-view.ts). It starts in
// the global view (~/.pi/agent/settings.json); `-l` starts in the project view (.pi/settings.json),
// which needs a trusted project (`-a` trusts it for this command only, `-na` ignores it). Runs
// before any agent is composed: nothing loads, nothing talks to a model.
import { homedir } from "node:os";
import { join } from "node:path";
import { isTrusted, readSettings, untrustedContent } from "../lib/packages/index.js";
import { InlineRenderer, KeyParser, loadKeybindings, ProcessTerminal, type Theme } from "../lib/tui/index.js";
import { type ConfigDirs, resourceRows } from "./config-resources.js";
import { ConfigView } from "./config-view.js";

const USAGE = "pi config [-l] [--approve|--no-approve]";

const HELP = `Usage:
  ${USAGE}

Open the resource configuration TUI to enable or disable package resources.
Without -l, starts in global settings (~/.pi/agent/settings.json).
Press Tab in the TUI to switch between global and project-local modes.

Options:
  -l, --local       Edit project overrides (.pi/settings.json)
  -a, --approve     Trust project-local files for this command with -l
  -na, --no-approve Ignore project-local files for this command with -l
`;

export async function configCommand(args: string[], o: { cwd: string; agentDir: string }): Promise<number> {
  if (args.includes("-h") || args.includes("--help")) {
    process.stdout.write(HELP);
    return 0;
  }
  let local = false;
  let trust: boolean | undefined;
  for (const arg of args) {
    if (arg === "-l" || arg === "--local") local = true;
    else if (arg === "-a" || arg === "--approve") trust = true;
    else if (arg === "-na" || arg === "--no-approve") trust = false;
    else {
      const what = arg.startsWith("-") ? `unknown option ${arg} for "config"` : `unexpected argument ${arg}`;
      process.stderr.write(`pi: ${what}\nUsage: ${USAGE}\n`);
      return 1;
    }
  }
  // A project with nothing that runs code may be edited without asking.
  const projectTrusted = trust ?? (isTrusted(o.agentDir, o.cwd) || untrustedContent(o.cwd).length === 0);
  if (local && !projectTrusted) {
    process.stderr.write("pi: Project is not trusted. Use --approve to modify local resource config.\n");
    return 1;
  }
  for (const file of [join(o.agentDir, "settings.json"), ...(projectTrusted ? [join(o.cwd, ".pi", "settings.json")] : [])]) {
    try {
      readSettings(file);
    } catch (error) {
      process.stderr.write(`pi: ${(error as Error).message}; fix it before changing resources\n`);
      return 1;
    }
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(
      "pi: pi config needs a terminal; edit the settings' `packages` filters by hand otherwise (docs/usage/config.md)\n",
    );
    return 1;
  }
  const dirs: ConfigDirs = { cwd: o.cwd, agentDir: o.agentDir, home: homedir() };
  const global = resourceRows("global", dirs);
  return run(
    { global, project: projectTrusted ? resourceRows("project", dirs) : global },
    local ? "project" : "global",
    projectTrusted,
    dirs,
  );
}

function run(
  rows: ConstructorParameters<typeof ConfigView>[0]["rows"],
  view: "global" | "project",
  projectAvailable: boolean,
  dirs: ConfigDirs,
): Promise<number> {
  const terminal = new ProcessTerminal();
  return new Promise((resolve) => {
    let escTimer: NodeJS.Timeout | undefined;
    const close = () => {
      clearTimeout(escTimer);
      renderer.stop();
      terminal.stop();
      resolve(0);
    };
    const screen = new ConfigView({
      rows,
      view,
      projectAvailable,
      dirs,
      theme: ansiTheme,
      keys: loadKeybindings(join(dirs.agentDir, "keybindings.json")),
      terminalRows: terminal.rows,
      onClose: close,
      onError: () => {},
    });
    const renderer = new InlineRenderer(terminal, screen);
    const parser = new KeyParser();
    const dispatch = (events: ReturnType<KeyParser["feed"]>) => {
      for (const event of events) screen.handle(event);
      renderer.requestRender();
    };
    terminal.start(
      (data) => {
        clearTimeout(escTimer);
        dispatch(parser.feed(data));
        // A lone ESC is the Escape key once no more bytes follow quickly.
        if (parser.pending) escTimer = setTimeout(() => dispatch(parser.flush()), 50);
      },
      () => renderer.requestRender(),
    );
    renderer.start();
  });
}

/** The few colours this screen uses (pi's dark theme's basic ones), without the themes plugin. */
const COLORS: Partial<Record<string, string>> = {
  accent: "34",
  success: "32",
  warning: "33",
  error: "31",
  muted: "90",
  dim: "2",
  border: "90",
};

const ansiTheme: Theme = {
  name: "config",
  fg: (token, text) => (COLORS[token] ? `\x1b[${COLORS[token]}m${text}\x1b[${COLORS[token] === "2" ? "22" : "39"}m` : text),
  bg: (_token, text) => text,
  code: (token) => (COLORS[token] ? `\x1b[${COLORS[token]}m` : ""),
  bold: (text) => `\x1b[1m${text}\x1b[22m`,
  italic: (text) => `\x1b[3m${text}\x1b[23m`,
  underline: (text) => `\x1b[4m${text}\x1b[24m`,
  strikethrough: (text) => `\x1b[9m${text}\x1b[29m`,
  inverse: (text) => `\x1b[7m${text}\x1b[27m`,
};
