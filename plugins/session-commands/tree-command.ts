// /tree: with a UI that draws components, the tree view (lib/tui/tree-view.ts); with one that
// only picks from lists (RPC), a list of entries; without a UI, the tree as text. After a pick,
// pi's question: no summary / summarize / summarize with custom instructions (skipped with the
// branchSummary.skipPrompt setting). The move itself goes through the gates (the service's navigateTree).
import { join } from "node:path";
import type { PluginApi } from "pi-kernel";
import type { Theme, TreeFilter } from "../../lib/tui/index.js";
import type { SessionsService as Sessions, TreeMoveOptions } from "../../contracts/sessions.js";
import { treeItems } from "./tree-items.js";
import { findEntry, treeLines } from "./tree-text.js";
import type { UiService } from "../../contracts/index.js";

const SUMMARY_CHOICES = ["No summary", "Summarize", "Summarize with custom prompt"];

export async function treeCommand(api: PluginApi, s: Sessions, args: string): Promise<string | undefined> {
  const [target, ...rest] = args.split(/\s+/).filter(Boolean);
  const wantsSummary = rest[0] === "--summary" || rest[0] === "-s";
  if (target && !target.startsWith("-")) {
    const focus = wantsSummary ? rest.slice(1).join(" ") || undefined : undefined;
    return moveTo(api, s, findEntry(s.tree(), target).id, { summarize: wantsSummary, customInstructions: focus });
  }
  const face = api.services.get("ui");
  if (!face) {
    const lines = treeLines(s.tree(), new Set(s.path().map((e) => e.id)), s.leafId);
    return `${lines.map((l) => l.text).join("\n")}\n\n/tree <entry-id> moves there (add --summary to summarize the branch you leave).`;
  }
  if (s.tree().length === 0) return "No entries in this session yet.";
  let initial: string | undefined;
  for (;;) {
    const id = await pick(api, s, face, initial);
    if (!id) return undefined;
    if (id === s.leafId) return "Already at this point.";
    const choice = await summaryChoice(api, face);
    if (choice) return moveTo(api, s, id, choice);
    initial = id; // Esc on the question goes back to the tree, on the same entry (as pi).
  }
}

/** The entry the user picks: the tree view where components can be drawn, else a list. */
async function pick(api: PluginApi, s: Sessions, face: UiService, initialId?: string): Promise<string | undefined> {
  if (face.custom) {
    // Loaded on first use: the terminal toolkit is not needed to start the agent.
    const { loadKeybindings, TreeView } = await import("../../lib/tui/index.js");
    const keys = loadKeybindings(join(api.agentDir, "keybindings.json"));
    const filter = api.settings.treeFilterMode as TreeFilter | undefined;
    return face.custom<string>(
      (done, ui) =>
        new TreeView({
          roots: treeItems(
            s.entries(),
            (id) => s.label(id),
            (name) => api.registry.get("tool", name),
          ),
          leafId: s.leafId,
          theme: () => ui.theme as Theme,
          keys,
          maxVisible: Math.max(5, Math.floor(ui.rows / 2)),
          filter,
          initialId,
          onSelect: (id) => done(id),
          onCancel: () => done(),
          onLabel: (id, label) => s.setLabel(id, label),
          requestRender: () => ui.requestRender(),
        }),
    );
  }
  const lines = treeLines(s.tree(), new Set(s.path().map((e) => e.id)), s.leafId);
  const choice = await face.select(
    "Go to",
    lines.map((l) => l.text),
  );
  return lines.find((l) => l.text === choice)?.id;
}

/** pi's question after a pick; undefined when the user backs out (Esc). */
async function summaryChoice(api: PluginApi, face: UiService): Promise<TreeMoveOptions | undefined> {
  const skip = (api.settings.branchSummary as { skipPrompt?: boolean } | undefined)?.skipPrompt === true;
  if (skip) return { summarize: false };
  for (;;) {
    const choice = await face.select("Summarize branch?", SUMMARY_CHOICES);
    if (choice === undefined) return undefined;
    if (choice !== SUMMARY_CHOICES[2]) return { summarize: choice === SUMMARY_CHOICES[1] };
    const focus = await face.input("Custom summarization instructions", "what the summary should focus on");
    if (focus !== undefined) return { summarize: true, customInstructions: focus.trim() || undefined };
  }
}

async function moveTo(api: PluginApi, s: Sessions, id: string, opts: TreeMoveOptions): Promise<string> {
  const face = api.services.get("ui");
  const progress = opts.summarize ? summaryProgress(face) : undefined;
  let move: Awaited<ReturnType<typeof s.navigateTree>>;
  try {
    move = await s.navigateTree(id, { ...opts, signal: progress?.signal });
  } finally {
    progress?.close();
  }
  if (move.aborted) return "Branch summary cancelled; you stay where you were.";
  if (move.cancelled) return `Navigation cancelled${move.by ? ` by ${move.by}` : ""}.`;
  if (move.already) return "Already at this point.";
  const text = move.editorText ?? "";
  if (text && face && !face.getEditorText().trim()) face.setEditorText(text);
  const where = move.newLeafId ? `entry ${move.newLeafId}` : "the start of the session";
  return `Moved to ${where}${move.summaryEntry ? " (left a summary of the branch)" : ""}.${text && !face ? ` The message to edit and resend was:\n${text}` : ""}`;
}

/** While the branch summary is written: a line saying so, and Esc to stop it. */
function summaryProgress(face: UiService | undefined): { signal: AbortSignal; close(): void } | undefined {
  if (!face?.custom) return undefined;
  const controller = new AbortController();
  let close = () => {};
  void face.custom<void>((done, ui) => {
    close = () => done();
    const theme = ui.theme as Theme;
    return {
      render: () => [theme.fg("muted", "Summarizing the branch you leave… (esc to cancel)")],
      handle: (event) => {
        if (event.type === "key" && event.key.name === "escape") controller.abort();
      },
    };
  });
  return { signal: controller.signal, close: () => close() };
}
