// The session commands: /tree, /fork, /clone, /new, /name, /label, /resume, /session. Each works
// without a UI when given its argument; with the "ui" service, a missing argument opens a picker.
import type { CommandDef, PluginApi, UiService } from "pi-kernel";
import type { SessionEntry } from "../../lib/session/types.js";
import { abandoned, summarizeBranch } from "./branch-summary.js";
import type { Sessions } from "./sessions.js";
import { describe, findEntry, flatten, treeLines } from "./tree-text.js";

const ui = (api: PluginApi) => (api.services.get<UiService>("ui"));
const sessions = (api: PluginApi) => api.services.use<Sessions>("sessions");
const userText = (e: SessionEntry | undefined) => {
  const c = e?.type === "message" && e.message.role === "user" ? (e.message as { content: unknown }).content : undefined;
  return typeof c === "string" ? c : Array.isArray(c) ? c.filter((p) => p?.type === "text").map((p) => p.text).join("\n") : "";
};

export function sessionCommands(api: PluginApi): CommandDef[] {
  return [
    {
      name: "tree", source: "builtin", argumentHint: "[entry-id] [--summary [focus]]",
      description: "Show the session tree, or move to another point in it (optionally summarizing the branch you leave)",
      handler: (args) => tree(api, args),
    },
    {
      name: "fork", source: "builtin", argumentHint: "[user-message-id]",
      description: "Start a new session from an earlier user message of this branch",
      handler: (args) => fork(api, args.trim()),
    },
    {
      name: "clone", source: "builtin", description: "Copy this branch into a new session and continue there",
      handler: () => `Cloned into ${sessions(api).clone() ?? "a new in-memory session"}`,
    },
    {
      name: "new", source: "builtin", description: "Start a new session",
      handler: () => { sessions(api).newSession(); return "Started a new session."; },
    },
    {
      name: "name", source: "builtin", argumentHint: "[name]", description: "Name this session (shown by the resume picker)",
      handler: (args) => {
        const s = sessions(api);
        if (!args.trim()) return s.name ? `This session is named "${s.name}".` : "This session has no name; /name <name> sets one.";
        s.setName(args);
        return `Session named "${args.trim()}".`;
      },
    },
    {
      name: "label", source: "builtin", argumentHint: "[entry-id] <label>", description: "Bookmark an entry (the current one by default); an empty label removes it",
      handler: (args) => label(api, args.trim()),
    },
    {
      name: "resume", source: "builtin", argumentHint: "[session-id]", description: "Switch to another session of this folder",
      handler: (args) => resume(api, args.trim()),
    },
    {
      name: "session", source: "builtin", description: "Show this session's file, id and statistics",
      handler: () => info(api),
    },
  ];
}

async function tree(api: PluginApi, args: string): Promise<string | undefined> {
  const s = sessions(api);
  const [target, ...rest] = args.split(/\s+/).filter(Boolean);
  const wantsSummary = rest[0] === "--summary" || rest[0] === "-s";
  const focus = wantsSummary ? rest.slice(1).join(" ") || undefined : undefined;
  const path = new Set(s.path().map((e) => e.id));
  const lines = treeLines(s.tree(), path, s.leafId);
  let id = target && !target.startsWith("-") ? findEntry(s.tree(), target).id : undefined;
  let summarize = wantsSummary;
  const face = ui(api);
  if (!id) {
    if (!face) return `${lines.map((l) => l.text).join("\n")}\n\n/tree <entry-id> moves there (add --summary to summarize the branch you leave).`;
    const choice = await face.select("Go to", lines.map((l) => l.text));
    id = lines.find((l) => l.text === choice)?.id;
    if (!id) return undefined;
    const skip = (api.settings.branchSummary as { skipPrompt?: boolean } | undefined)?.skipPrompt === true;
    if (!skip) summarize = await face.confirm("Branch summary", "Summarize the branch you are leaving?");
  }
  return moveTo(api, id, summarize, focus);
}

async function moveTo(api: PluginApi, id: string, summarize: boolean, focus?: string): Promise<string> {
  const s = sessions(api);
  const entry = s.entry(id);
  // Choosing a user message puts it back in the editor and continues from just before it (pi).
  const isUser = entry?.type === "message" && entry.message.role === "user";
  const newLeaf = isUser ? entry!.parentId : id;
  const summary = summarize ? await summarizeBranch(api, abandoned(s.path(), s.path(newLeaf)), focus) : undefined;
  s.navigate(newLeaf, { summary });
  const text = isUser ? userText(entry) : "";
  if (text) ui(api)?.setEditorText(text);
  const where = newLeaf ? `entry ${newLeaf}` : "the start of the session";
  return `Moved to ${where}${summary ? " (left a summary of the branch)" : ""}.${text && !ui(api) ? ` The message to edit and resend was:\n${text}` : ""}`;
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
  const file = s.fork(id);
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
    s.open(arg);
    return `Resumed ${s.file}`;
  }
  const list = s.list();
  const face = ui(api);
  const options = list.map((i) => `${i.id.slice(0, 13)}  ${i.name ?? (i.firstMessage.replace(/\s+/g, " ").slice(0, 60) || "(empty)")}`);
  if (!face) return list.length ? `${options.join("\n")}\n\n/resume <id> switches to one.` : "No sessions in this folder yet.";
  const choice = await face.select("Resume session", options);
  const picked = list[options.indexOf(choice ?? "")];
  if (!picked) return undefined;
  s.open(picked.path);
  return `Resumed ${picked.path}`;
}

function info(api: PluginApi): string {
  const s = sessions(api);
  const st = s.stats();
  return [
    `file: ${s.file ?? "(in memory)"}${s.persisted ? "" : " (written at the first answer)"}`,
    `id: ${s.id}${s.name ? `  name: ${s.name}` : ""}`,
    `messages: ${st.userMessages} user, ${st.assistantMessages} assistant, ${st.toolCalls} tool calls`,
    `tokens: ${st.tokens.input} in, ${st.tokens.output} out, ${st.tokens.cacheRead} cache read; cost $${st.cost.toFixed(4)}`,
    st.contextUsage ? `context: ${st.contextUsage.tokens} of ${st.contextUsage.contextWindow} (${st.contextUsage.percent.toFixed(1)}%)` : "",
  ].filter(Boolean).join("\n");
}
