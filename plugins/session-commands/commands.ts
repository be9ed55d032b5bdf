// The session commands' work: /tree, /fork, /clone, /new, /name, /label, /resume, /session. Each works
// without a UI when given its argument; with the "ui" service, a missing argument opens a picker.
// index.ts registers them and loads this file on the first use of one.
import type { PluginApi } from "pi-kernel";
import type { SessionEntry } from "../../contracts/session-entries.js";
import { treeCommand } from "./tree-command.js";
import { describe, findEntry, flatten } from "./tree-text.js";
import type { CommandDef } from "../../contracts/index.js";
import type { SessionInfo } from "../../contracts/sessions.js";
import { uniquePrefixes } from "../../lib/session-kit/index.js";

const ui = (api: PluginApi) => api.services.get("ui");
const sessions = (api: PluginApi) => api.services.use("sessions");
const userText = (e: SessionEntry | undefined) => {
  const c = e?.type === "message" && e.message.role === "user" ? (e.message as { content: unknown }).content : undefined;
  return typeof c === "string"
    ? c
    : Array.isArray(c)
      ? c
          .filter((p) => p?.type === "text")
          .map((p) => p.text)
          .join("\n")
      : "";
};

/** The commands' handlers, by name (their names and descriptions are index.ts's). */
export function sessionCommands(api: PluginApi): Pick<CommandDef, "name" | "handler">[] {
  return [
    {
      name: "tree",
      handler: (args) => treeCommand(api, sessions(api), args),
    },
    {
      name: "fork",
      handler: (args) => fork(api, args.trim()),
    },
    {
      name: "clone",
      handler: () => clone(api),
    },
    {
      name: "new",
      handler: async () => {
        const r = await sessions(api).replace({ type: "session_before_switch", reason: "new" }, "new", () => sessions(api).newSession());
        return r.cancelled ? cancelled("New session", r.by) : "Started a new session.";
      },
    },
    {
      name: "name",
      handler: (args) => {
        const s = sessions(api);
        if (!args.trim()) return s.name ? `This session is named "${s.name}".` : "This session has no name; /name <name> sets one.";
        s.setName(args);
        return `Session named "${args.trim()}".`;
      },
    },
    {
      name: "label",
      handler: (args) => label(api, args.trim()),
    },
    {
      name: "resume",
      handler: (args) => resume(api, args.trim()),
    },
    {
      name: "session",
      handler: () => info(api),
    },
  ];
}

/** The notice when a gate (an extension's session_before_* handler) said no. */
const cancelled = (what: string, by?: string) => `${what} cancelled${by ? ` by ${by}` : ""}.`;

async function clone(api: PluginApi): Promise<string> {
  const s = sessions(api);
  const leaf = s.leafId;
  if (!leaf) return "Nothing to clone yet.";
  let file: string | undefined;
  const r = await s.replace({ type: "session_before_fork", entryId: leaf, position: "at" }, "fork", () => {
    file = s.clone();
  });
  return r.cancelled ? cancelled("Clone", r.by) : `Cloned into ${file ?? "a new in-memory session"}`;
}

async function fork(api: PluginApi, arg: string): Promise<string | undefined> {
  const s = sessions(api);
  const users = s.path().filter((e) => e.type === "message" && e.message.role === "user");
  if (users.length === 0) return "There is no user message to fork from yet.";
  let id = arg ? findEntry(s.tree(), arg).id : undefined;
  if (!id) {
    const face = ui(api);
    const options = users.map((e) => `${e.id} ${userText(e).replace(/\s+/g, " ").slice(0, 70)}`);
    if (!face) return `${options.join("\n")}\n\n/fork <id> starts a new session from before that message.`;
    const choice = await face.select("Fork from", options);
    id = choice?.split(" ")[0];
    if (!id) return undefined;
  }
  const entry = s.entry(id);
  if (!(entry?.type === "message" && entry.message.role === "user")) throw new Error(`entry ${id} is not a user message of this branch`);
  let file: string | undefined;
  const r = await s.replace({ type: "session_before_fork", entryId: id, position: "before" }, "fork", () => {
    file = s.fork(id!);
  });
  if (r.cancelled) return cancelled("Fork", r.by);
  const text = userText(entry);
  ui(api)?.setEditorText(text);
  return `Forked into ${file ?? "a new in-memory session"}.${ui(api) ? "" : ` The message to edit and resend was:\n${text}`}`;
}

function label(api: PluginApi, args: string): string {
  const s = sessions(api);
  const [first, ...rest] = args.split(/\s+/);
  const all = flatten(s.tree());
  const target = first && all.some((n) => n.id.startsWith(first)) && /^[0-9a-f]{2,8}$/.test(first) ? findEntry(s.tree(), first) : undefined;
  const id = target?.id ?? s.leafId;
  if (!id) return "There is nothing to label yet.";
  const text = (target ? rest.join(" ") : args).trim();
  s.setLabel(id, text || undefined);
  const node = all.find((n) => n.id === id);
  return text ? `Labelled ${id}${node ? ` (${describe(node)})` : ""} "${text}".` : `Removed the label of ${id}.`;
}

async function resume(api: PluginApi, arg: string): Promise<string | undefined> {
  const s = sessions(api);
  if (arg) {
    const matches = s.list().filter((i) => i.id.startsWith(arg));
    if (matches.length > 1)
      return `"${arg}" matches ${matches.length} sessions; give more of the id:\n${resumeOptions(matches).join("\n")}`;
    const target = matches[0]?.path ?? arg;
    const r = await s.replace({ type: "session_before_switch", reason: "resume", targetSessionFile: target }, "resume", () => s.open(arg));
    return r.cancelled ? cancelled("Resume", r.by) : `Resumed ${s.file}`;
  }
  const list = s.list();
  const face = ui(api);
  const options = resumeOptions(list);
  if (!face) return list.length ? `${options.join("\n")}\n\n/resume <id> switches to one.` : "No sessions in this folder yet.";
  const choice = await face.select("Resume session", options);
  const picked = list[options.indexOf(choice ?? "")];
  if (!picked) return undefined;
  const r = await s.replace({ type: "session_before_switch", reason: "resume", targetSessionFile: picked.path }, "resume", () =>
    s.open(picked.path),
  );
  return r.cancelled ? cancelled("Resume", r.by) : `Resumed ${picked.path}`;
}

/** One line per session, starting with the shortest id prefix `/resume <id>` takes back. */
function resumeOptions(list: SessionInfo[]): string[] {
  const prefixes = uniquePrefixes(list.map((i) => i.id));
  return list.map((i, n) => `${prefixes[n]}  ${i.name ?? (i.firstMessage.replace(/\s+/g, " ").slice(0, 60) || "(empty)")}`);
}

function info(api: PluginApi): string {
  const s = sessions(api);
  const st = s.stats();
  return [
    `file: ${s.file ?? "(in memory)"}${s.persisted ? "" : " (written at the first answer)"}`,
    `id: ${s.id}${s.name ? `  name: ${s.name}` : ""}`,
    `messages: ${st.userMessages} user, ${st.assistantMessages} assistant, ${st.toolCalls} tool calls`,
    `tokens: ${st.tokens.input} in, ${st.tokens.output} out, ${st.tokens.cacheRead} cache read; cost $${st.cost.toFixed(4)}`,
    st.contextUsage
      ? `context: ${st.contextUsage.tokens} of ${st.contextUsage.contextWindow} (${st.contextUsage.percent.toFixed(1)}%)`
      : "",
  ]
    .filter(Boolean)
    .join("\n");
}
