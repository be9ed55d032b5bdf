// The "permissions" service (provided by the permissions plugin): the permission mode, the
// allow/deny/ask rules, and who is asked when a tool call needs an answer. The interactive UIs
// and RPC mode ask through the "ui" service's select; ACP mode installs its own asker
// (session/request_permission); print and JSON modes have nobody to ask, so the call is denied.

export type PermissionMode = "yolo" | "ask" | "accept-edits" | "read-only";

export interface PermissionModeInfo {
  id: PermissionMode;
  name: string;
  description: string;
}

export interface PermissionRequest {
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
  /** One line for the dialog: `bash: npm test`, `edit: src/a.ts`. */
  summary: string;
  /** The rule "Allow always" would write, e.g. `Bash(npm test:*)` or `Edit(src/a.ts)`. */
  suggestedRule: string;
  /** Why this call is asked when the mode alone would not ask (e.g. it edits the agent's own configuration). */
  reason?: string;
  /** For a tool whose effect is "edit": the proposed change as a unified diff (computed, never written). */
  diff?: string;
  signal?: AbortSignal;
}

export type PermissionAnswer = { decision: "allow-once" } | { decision: "allow-always" } | { decision: "deny"; message?: string };

/** Asks someone about one tool call; resolves undefined when nobody answered (treated as deny). */
export type PermissionAsker = (request: PermissionRequest) => Promise<PermissionAnswer | undefined>;

export interface PermissionsService {
  mode(): PermissionMode;
  setMode(mode: PermissionMode): void;
  modes(): readonly PermissionModeInfo[];
  /** Called after every mode change (from a UI, RPC, ACP or settings); returns an unsubscribe. */
  onModeChange(listener: (mode: PermissionMode) => void): () => void;
  /** Replaces the default asker (the "ui" service) until the returned function is called. */
  setAsker(asker: PermissionAsker): () => void;
  /**
   * A verdict given for one call before the gate judges it (a Claude Code PreToolUse hook's
   * permissionDecision, from the hooks plugin): "allow" skips the question the mode alone would
   * ask, never a deny or ask rule; "ask" asks even where the mode would allow. Used once, by the
   * gate of the call with that id.
   */
  preDecide(toolCallId: string, verdict: PreVerdict): void;
  /**
   * Listeners heard before anybody is asked (Claude Code's PermissionRequest hooks); the first
   * that answers decides instead of the asker. Returns the removal.
   */
  onRequest(listener: PermissionAsker): () => void;
}

export interface PreVerdict {
  decision: "allow" | "ask";
  /** Shown to whoever answers ("ask"). */
  reason?: string;
}

declare module "pi-kernel" {
  interface Flags {
    /** --permission-mode (declared by the permissions plugin). */
    permissionMode: PermissionMode;
  }
  interface Settings {
    /** Declared (with its schema) by the permissions plugin. */
    permissions: { mode?: PermissionMode; allow?: string[]; deny?: string[]; ask?: string[]; cycleKey?: string };
  }
  interface Services {
    permissions: PermissionsService;
  }
}
