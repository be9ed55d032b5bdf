// pi's extension UI sub-protocol: dialogs are `extension_ui_request`s answered by a client with
// `extension_ui_response` (same id); timeouts resolve on this side (select/input → undefined,
// confirm → false). Notifications, status, widgets and titles are fire-and-forget.
// With several clients (pi serve) every dialog goes to all of them and the first answer wins; the
// others then get `{type: "extension_ui_closed", id}` so they take the dialog down, and a client
// that connects while a dialog waits is sent it (`open()`).

import type { UiService } from "../../contracts/index.js";

interface Answer {
  value?: string;
  confirmed?: boolean;
  cancelled?: boolean;
}
type DialogOpts = { signal?: AbortSignal; timeout?: number };

/** Where the UI's records go: to every client (but `except`), or held until the first one connects. */
export interface UiOutlet {
  broadcast(record: Record<string, unknown>, except?: unknown): void;
}

export type RpcUi = UiService & {
  /** A client's answer; `from` is that client (it is not told the dialog closed). */
  answer(id: string, response: Answer, from?: unknown): void;
  /** The requests of the dialogs still waiting for an answer. */
  open(): Record<string, unknown>[];
  getAllThemes(): [];
  getTheme(): undefined;
  setTheme(): unknown;
};

export function rpcUi(out: UiOutlet): RpcUi {
  const pending = new Map<string, { request: Record<string, unknown>; done: (a: Answer | undefined, from?: unknown) => void }>();
  const ask = (method: string, fields: Record<string, unknown>, opts: DialogOpts = {}): Promise<Answer | undefined> =>
    new Promise((resolve) => {
      // Cancelled before it was asked: the client is not asked.
      if (opts.signal?.aborted) return resolve(undefined);
      const id = randomUUID();
      const done = (a: Answer | undefined, from?: unknown) => {
        if (!pending.delete(id)) return;
        clearTimeout(timer);
        // Answered by one client, timed out or cancelled here: the other clients close it.
        out.broadcast({ type: "extension_ui_closed", id }, from);
        resolve(a);
      };
      const timer = opts.timeout ? setTimeout(() => done(undefined), opts.timeout) : undefined;
      opts.signal?.addEventListener("abort", () => done(undefined), { once: true });
      const request = record({ id, method, ...fields, ...(opts.timeout ? { timeout: opts.timeout } : {}) });
      pending.set(id, { request, done });
      out.broadcast(request);
    });
  const emit = (fields: Record<string, unknown>) => out.broadcast(record(fields));
  return {
    answer: (id, response, from?: unknown) => pending.get(id)?.done(response as Answer | undefined, from),
    open: () => [...pending.values()].map((p) => p.request),
    notify: (message, notifyType = "info") => emit({ method: "notify", message, notifyType }),
    // A permission dialog's diff travels as an extra field; clients that do not know it show the title alone.
    select: async (title, options, opts) => pick(await ask("select", { title, options, ...(opts?.diff && { diff: opts.diff }) }, opts)),
    confirm: async (title, message, opts) => (await ask("confirm", { title, message }, opts))?.confirmed === true,
    input: async (title, placeholder, opts) => pick(await ask("input", { title, placeholder }, opts)),
    editor: async (title, prefill, opts) => pick(await ask("editor", { title, prefill }, opts)),
    setStatus: (statusKey, statusText) => emit({ method: "setStatus", statusKey, statusText }),
    setWidget: (widgetKey, widgetLines, opts) => emit({ method: "setWidget", widgetKey, widgetLines, widgetPlacement: opts?.placement }),
    setTitle: (title) => emit({ method: "setTitle", title }),
    setEditorText: (text) => emit({ method: "set_editor_text", text }),
    // The client owns the editor; like pi, RPC mode cannot read it.
    getEditorText: () => "",
    // pi has no themes to offer over RPC: extensions that pick one see that and leave it.
    getAllThemes: () => [],
    getTheme: () => undefined,
    setTheme: () => ({ success: false, error: "Theme switching not supported in RPC mode" }),
  };
}

function record(fields: Record<string, unknown>): Record<string, unknown> {
  return { type: "extension_ui_request", id: fields.id ?? randomUUID(), ...fields };
}

function pick(a: Answer | undefined): string | undefined {
  return a && !a.cancelled ? a.value : undefined;
}

/** node:crypto loads on the first dialog, not with the plugin: interactive starts load this module, and crypto is ~2 ms and 15 modules. */
function randomUUID(): string {
  return process.getBuiltinModule("node:crypto").randomUUID();
}
