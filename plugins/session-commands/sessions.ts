// The part of the "sessions" service (provided by plugins/session-jsonl) these commands use.
import type { GatedSessions } from "../../lib/session/navigate.js";
import type { TreeNode } from "../../lib/session/tree.js";
import type { SessionEntry } from "../../lib/session/types.js";
import type { SessionInfo } from "../../lib/session/list.js";

export interface Sessions extends GatedSessions {
  readonly file: string | undefined;
  readonly id: string;
  readonly persisted: boolean;
  readonly name: string | undefined;
  entries(): SessionEntry[];
  label(id: string): string | undefined;
  tree(): TreeNode[];
  fork(entryId: string, position?: "before" | "at"): string | undefined;
  clone(): string | undefined;
  newSession(): void;
  open(pathOrId: string): void;
  setName(name: string): void;
  setLabel(id: string, label: string | undefined): void;
  list(opts?: { all?: boolean }): SessionInfo[];
  stats(): {
    userMessages: number; assistantMessages: number; toolCalls: number; cost: number;
    tokens: { input: number; output: number; cacheRead: number };
    contextUsage?: { tokens: number; contextWindow: number; percent: number };
  };
}
