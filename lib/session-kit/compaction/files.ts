// Which files the summarised part of the conversation read and changed (from read, write and
// edit tool calls), carried over from the previous compaction so the lists are cumulative.
import type { AgentMessage } from "pi-kernel";

import type { FileLists } from "../../../contracts/compaction.js";

export class FileTracker {
  private readonly read = new Set<string>();
  private readonly modified = new Set<string>();

  addPrevious(details: unknown): void {
    const d = details as Partial<FileLists> | undefined;
    for (const f of d?.readFiles ?? []) this.read.add(f);
    for (const f of d?.modifiedFiles ?? []) this.modified.add(f);
  }

  addMessages(messages: readonly AgentMessage[]): void {
    for (const m of messages) {
      if (m.role !== "assistant" || !Array.isArray(m.content)) continue;
      for (const c of m.content as { type: string; name?: string; arguments?: Record<string, unknown> }[]) {
        const path = c.type === "toolCall" ? c.arguments?.path : undefined;
        if (typeof path !== "string") continue;
        if (c.name === "read") this.read.add(path);
        else if (c.name === "write" || c.name === "edit") this.modified.add(path);
      }
    }
  }

  /** Files only read (a modified file is listed once, as modified). */
  lists(): FileLists {
    return {
      readFiles: [...this.read].filter((f) => !this.modified.has(f)).sort(),
      modifiedFiles: [...this.modified].sort(),
    };
  }
}

export function formatFileLists(l: FileLists): string {
  let out = "";
  if (l.readFiles.length) out += `\n\n<read-files>\n${l.readFiles.join("\n")}\n</read-files>`;
  if (l.modifiedFiles.length) out += `\n\n<modified-files>\n${l.modifiedFiles.join("\n")}\n</modified-files>`;
  return out;
}
