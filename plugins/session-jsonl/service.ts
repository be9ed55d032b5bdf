// The "sessions" service: what RPC mode, UIs, commands and extensions use to read and steer the
// session, to switch and move in it through the gates, and to find and read other session files.
import { resolve } from "node:path";
import type { PluginApi } from "pi-kernel";
import type { SessionsService } from "../../contracts/sessions.js";
import type { SessionController } from "./controller.js";
import { findSession } from "./format/find.js";
import { listAllSessions, listSessions } from "./format/list.js";
import { loadSessionFile } from "./format/load.js";
import { SessionGates } from "./gates.js";
import { navigateTree, replaceSession } from "./navigate.js";
import { sessionStats } from "./stats.js";

export function createService(api: PluginApi, c: SessionController): SessionsService {
  const s = () => c.session;
  const gates = new SessionGates((message, error) => api.diagnose({ level: "error", where: "session", message, error }));
  /** Replaces the session, then tells listeners (pi's session_start after a switch). */
  const switched = (reason: "new" | "resume" | "fork", change: () => void) => {
    const previousSessionFile = s().path;
    change();
    api.actions.emit({ type: "session_start", reason, previousSessionFile });
  };
  const locate = (pathOrId: string) => {
    const found = findSession(pathOrId, { cwd: api.cwd, dir: c.where.dir, root: c.where.root });
    if (!found.path) throw new Error(found.error);
    return resolve(found.path);
  };
  const service: SessionsService = {
    get file() {
      return s().path;
    },
    get id() {
      return s().id;
    },
    get persisted() {
      return s().persisted;
    },
    get name() {
      return s().name;
    },
    get leafId() {
      return s().leafId;
    },
    header: () => s().header,
    entry: (id) => s().tree.entry(id),
    entries: () => s().tree.all(),
    path: (leafId) => s().pathEntries(leafId === undefined ? s().leafId : leafId),
    tree: () => s().tree.tree(),
    label: (id) => s().tree.labels.get(id),
    context: () => s().context(),
    append: (entry) => c.append(entry),
    navigate(targetId, opts = {}) {
      const oldLeafId = s().leafId;
      s().moveLeaf(targetId);
      const summaryEntry = opts.summary
        ? c.append({
            type: "branch_summary",
            fromId: targetId ?? "root",
            summary: opts.summary,
            details: opts.details,
            fromHook: opts.fromHook,
          })
        : undefined;
      const labelled = summaryEntry?.id ?? targetId;
      if (opts.label && labelled) c.append({ type: "label", targetId: labelled, label: opts.label });
      s().tree.forgetOffPath();
      c.restore();
      api.actions.emit({
        type: "session_tree",
        newLeafId: s().leafId,
        oldLeafId,
        summaryEntry,
        fromExtension: summaryEntry ? opts.fromHook === true : undefined,
      });
      return summaryEntry;
    },
    fork(entryId, position = "before") {
      const session = s();
      const target = session.tree.node(entryId);
      if (!target) throw new Error(`No entry ${entryId} in this session`);
      const copy = c.copyOf(session, session.pathEntries(position === "at" ? entryId : target.parentId), session.path);
      switched("fork", () => c.switchTo(copy));
      return copy.path;
    },
    clone() {
      const session = s();
      const copy = c.copyOf(session, session.pathEntries(), session.path);
      switched("fork", () => c.switchTo(copy));
      return copy.path;
    },
    newSession(opts = {}) {
      switched("new", () => {
        c.switchTo(c.create(opts.parentSession));
        c.recordInitialSettings();
      });
    },
    open(pathOrId) {
      const file = locate(pathOrId);
      switched("resume", () => c.open(file));
    },
    setName: (name) => void c.append({ type: "session_info", name: name.trim() }),
    setLabel: (id, label) => {
      if (!s().tree.has(id)) throw new Error(`No entry ${id} in this session`);
      c.append({ type: "label", targetId: id, label: label?.trim() || undefined });
    },
    list: (opts = {}) => (opts.all ? listAllSessions(c.where.root) : listSessions(c.where.dir)),
    stats: () => sessionStats(s().id, api.agent.messages, api.agent.model),
    reload: () => c.restore({ keepModel: true }),
    addGate: (gate) => gates.add(gate),
    gate: (event) => gates.run(event),
    replace: (before, reason, act) => replaceSession(service, before, reason, act),
    navigateTree: (targetId, opts) => navigateTree(api, service, targetId, opts),
    locate,
    load(pathOrId, report = () => {}) {
      const file = locate(pathOrId);
      return { file, ...loadSessionFile(file, report) };
    },
  };
  return service;
}
