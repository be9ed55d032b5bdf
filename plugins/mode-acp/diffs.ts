// The `diff` content of a call to any tool that declares `effect: "edit"` and the paths it
// touches: each file's text before the call ran (taken once the gates let it run) and after. Texts
// come through the client when it offers fs (its buffers are what the user sees), else from the
// disk; a file that did not exist has no old text.
import { readFile } from "node:fs/promises";
import type { ToolCallContent } from "@agentclientprotocol/sdk";
import type { AcpState } from "./state.js";
import type { CallInfo } from "./tool-info.js";

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

/** Remembers the text of the files an edit is about to change. */
export async function takeSnapshot(state: AcpState, toolCallId: string, call: CallInfo): Promise<void> {
  if (call.effect !== "edit" || call.paths.length === 0) return;
  const before = [];
  for (const path of new Set(call.paths)) before.push({ path, oldText: await readCurrent(state, path) });
  state.snapshots.set(toolCallId, before);
}

/** The diffs of a finished edit; undefined for other tools, failures and huge files. */
export async function diffContent(state: AcpState, toolCallId: string, isError: boolean): Promise<ToolCallContent[] | undefined> {
  const before = state.snapshots.get(toolCallId);
  state.snapshots.delete(toolCallId);
  if (!before || isError) return undefined;
  const out: ToolCallContent[] = [];
  for (const { path, oldText } of before) {
    const newText = await readCurrent(state, path);
    if (newText === null || newText === oldText || newText.length + (oldText?.length ?? 0) > MAX_DIFF_CHARS) continue;
    out.push({ type: "diff", path, oldText, newText });
  }
  return out.length > 0 ? out : undefined;
}
