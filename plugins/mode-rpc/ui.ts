// pi's extension UI sub-protocol: dialogs are `extension_ui_request`s answered by the client
// with `extension_ui_response` (same id); timeouts resolve on this side (select/input →
// undefined, confirm → false). Notifications, status, widgets and titles are fire-and-forget.
import { randomUUID } from "node:crypto";

import type { Channel } from "./server.js";
import type { UiService } from "../../contracts/index.js";

interface Answer {
  value?: string;
  confirmed?: boolean;
  cancelled?: boolean;
}
type DialogOpts = { signal?: AbortSignal; timeout?: number };

type RpcUi = UiService & { answer(id: string, response: Answer): void; getAllThemes(): []; getTheme(): undefined; setTheme(): unknown };

export function rpcUi(channel: Channel): RpcUi {
  const pending = new Map<string, (a: Answer | undefined) => void>();
  const ask = (method: string, fields: Record<string, unknown>, opts: DialogOpts = {}): Promise<Answer | undefined> =>
    new Promise((resolve) => {
      // Cancelled before it was asked: the client is not asked.
      if (opts.signal?.aborted) return resolve(undefined);
      const id = randomUUID();
      const done = (a: Answer | undefined) => {
        if (!pending.delete(id)) return;
        clearTimeout(timer);
        resolve(a);
      };
      const timer = opts.timeout ? setTimeout(() => done(undefined), opts.timeout) : undefined;
      opts.signal?.addEventListener("abort", () => done(undefined), { once: true });
      pending.set(id, done);
      emit({ id, method, ...fields, ...(opts.timeout ? { timeout: opts.timeout } : {}) });
    });
  const emit = (fields: Record<string, unknown>) => {
    const record = { type: "extension_ui_request", id: fields.id ?? randomUUID(), ...fields };
    if (channel.send) channel.send(record);
    else channel.backlog.push(record);
  };
  return {
    answer: (id, response) => pending.get(id)?.(response as Answer | undefined),
    notify: (message, notifyType = "info") => emit({ method: "notify", message, notifyType }),
    // A permission dialog's diff travels as an extra field; clients that do not know it show the title alone.
    select: async (title, options, opts) => pick(await ask("select", { title, options, ...(opts?.diff && { diff: opts.diff }) }, opts)),
    confirm: async (title, message, opts) => (await ask("confirm", { title, message }, opts))?.confirmed === true,
    input: async (title, placeholder, opts) => pick(await ask("input", { title, placeholder }, opts)),
    editor: async (title, prefill) => pick(await ask("editor", { title, prefill })),
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

function pick(a: Answer | undefined): string | undefined {
  return a && !a.cancelled ? a.value : undefined;
}
