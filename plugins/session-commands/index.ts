// Session navigation commands over the "sessions" service: /tree, /fork, /clone, /new, /name,
// /label, /resume, /session. Registered from here; their work (commands.ts and the tree's view)
// loads on the first use of one, once per process (docs/plugins/writing-a-plugin.md, "Register
// small, import late").
import { definePlugin } from "pi-kernel";
import type { CommandDef } from "../../contracts/index.js";

const COMMANDS: Omit<CommandDef, "handler">[] = [
  {
    name: "tree",
    source: "builtin",
    argumentHint: "[entry-id] [--summary [focus]]",
    description: "Show the session tree, or move to another point in it (optionally summarizing the branch you leave)",
  },
  {
    name: "fork",
    source: "builtin",
    argumentHint: "[user-message-id]",
    description: "Start a new session from an earlier user message of this branch",
  },
  { name: "clone", source: "builtin", description: "Copy this branch into a new session and continue there" },
  { name: "new", source: "builtin", description: "Start a new session" },
  { name: "name", source: "builtin", argumentHint: "[name]", description: "Name this session (shown by the resume picker)" },
  {
    name: "label",
    source: "builtin",
    argumentHint: "[entry-id] <label>",
    description: "Bookmark an entry (the current one by default); an empty label removes it",
  },
  { name: "resume", source: "builtin", argumentHint: "[session-id]", description: "Switch to another session of this folder" },
  { name: "session", source: "builtin", description: "Show this session's file, id and statistics" },
];

type Work = typeof import("./commands.js");
let work: Work | undefined;
const loadWork = async (): Promise<Work> => (work ??= await import("./commands.js"));

export default definePlugin({
  name: "session-commands",
  uses: ["ui"],
  requires: ["sessions"],
  setup(api) {
    let handlers: Map<string, CommandDef["handler"]> | undefined;
    for (const command of COMMANDS)
      api.register.command({
        ...command,
        async handler(args, ctx) {
          handlers ??= new Map((await loadWork()).sessionCommands(api).map((c) => [c.name, c.handler]));
          return handlers.get(command.name)?.(args, ctx);
        },
      });
  },
});
