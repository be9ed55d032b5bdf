// The `diff` content of an edit or write: the file's text before the call ran (taken once the
// gates let it run) and after. Texts come through the client when it offers fs (its buffers are
// what the user sees), else from the disk; a file that did not exist has no old text.
import { readFile } from "node:fs/promises";
import type { ToolCallContent } from "@agentclientprotocol/sdk";
import type { AcpState } from "./state.js";
import { toolPath } from "./tool-info.js";

const CHANGES_FILES = new Set(["edit", "write", "hashline_edit"]);
/** Past this a diff of the whole file costs more than it shows; the result text stands alone. */
const MAX_DIFF_CHARS = 1_000_000;

export async function readCurrent(state: AcpState, path: string): Promise<string | null> {
  try {
    if (state.offersFs("read") && state.client && state.sessionId) {
      return (await state.client.request("fs/read_text_file", { sessionId: state.sessionId, path })).content;
    }
    return await readFile(path, "utf8");
  } catch {
    return null;
  }
}

/** Remembers the file's text before an edit or write runs. */
export async function takeSnapshot(state: AcpState, toolCallId: string, toolName: string, args: Record<string, unknown>, cwd: string) {
  if (!CHANGES_FILES.has(toolName)) return;
  const path = toolPath(args, cwd);
  if (path) state.snapshots.set(toolCallId, { path, oldText: await readCurrent(state, path) });
}

/** The diff of a finished edit or write; undefined for other tools, failures and huge files. */
export async function diffContent(
  state: AcpState,
  toolCallId: string,
  toolName: string,
  args: Record<string, unknown>,
  isError: boolean,
): Promise<ToolCallContent[] | undefined> {
  const before = state.snapshots.get(toolCallId);
  state.snapshots.delete(toolCallId);
  if (!before || isError) return undefined;
  const newText = toolName === "write" && typeof args.content === "string" ? args.content : await readCurrent(state, before.path);
  if (newText === null || newText.length + (before.oldText?.length ?? 0) > MAX_DIFF_CHARS) return undefined;
  return [{ type: "diff", path: before.path, oldText: before.oldText, newText }];
}
