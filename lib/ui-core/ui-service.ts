// The "ui" service (pi's ctx.ui) on top of the inline UI: notifications, dialogs drawn in place
// of the editor, status entries in the footer, widgets above or below the editor, the title, and
// the editor's text.
import { SelectList } from "../tui/select-list.js";
import { TextDialog } from "../tui/text-dialog.js";
import type { CustomComponent, UiService } from "pi-kernel";
import type { InputEvent } from "../tui/keys.js";
import type { InteractiveApp, Overlay } from "./app.js";

type DialogOpts = { signal?: AbortSignal; timeout?: number };

export function createUiService(app: InteractiveApp): UiService {
  /** Opens a dialog; it closes on an answer, the signal, or the timeout (answering undefined). */
  const dialog = <T>(open: (done: (v: T | undefined) => void) => void, opts: DialogOpts = {}): Promise<T | undefined> =>
    new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (value: T | undefined) => {
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", cancel);
        app.openOverlay(undefined);
        resolve(value);
      };
      const cancel = () => done(undefined);
      if (opts.signal?.aborted) return resolve(undefined);
      opts.signal?.addEventListener("abort", cancel, { once: true });
      if (opts.timeout) timer = setTimeout(cancel, opts.timeout);
      open(done);
    });

  const select = (title: string, options: string[], opts?: DialogOpts) => dialog<string>((done) => {
    app.openOverlay(new SelectList({
      title, items: options.map((o) => ({ value: o, label: o })), theme: () => app.theme(), keys: app.keys, maxVisible: 10, onDone: done,
    }));
  }, opts);

  const text = (title: string, multiline: boolean, placeholder?: string, prefill?: string, opts?: DialogOpts) => dialog<string>((done) => {
    app.openOverlay(new TextDialog({
      title, placeholder, prefill, multiline, theme: () => app.theme(), keys: app.keys,
      maxRows: () => Math.max(3, Math.floor(app.term.rows * 0.5)), onDone: done,
    }));
  }, opts);

  return {
    notify: (message, level = "info") => app.notify(message, level),
    select,
    async confirm(title, message, opts) {
      return (await select(`${title}\n${message}`.trim(), ["Yes", "No"], opts)) === "Yes";
    },
    input: (title, placeholder, opts) => text(title, false, placeholder, undefined, opts),
    editor: (title, prefill) => text(title, true, undefined, prefill),
    setStatus(key, value) {
      if (value === undefined) app.statuses.delete(key);
      else app.statuses.set(key, value);
      app.render();
    },
    setWidget(key, lines, opts) {
      if (lines === undefined) app.widgets.delete(key);
      else app.widgets.set(key, { lines, placement: opts?.placement ?? "aboveEditor" });
      app.render();
    },
    setTitle(title) {
      app.term.write(`\x1b]0;${title.replace(/[\x00-\x1f]/g, "")}\x07`);
    },
    setEditorText(value) {
      app.editor.setText(value);
      app.render();
    },
    getEditorText: () => app.editor.getText(),
    custom: (factory, opts) => dialog((done) => {
      const ui = { theme: app.theme(), requestRender: () => app.render(), rows: app.term.rows, columns: app.term.columns };
      app.openOverlay(asOverlay(factory(done, ui)));
    }, opts),
  };
}

/** A plugin's component as an overlay: parsed keys when it takes them, else the raw input. */
function asOverlay(component: CustomComponent): Overlay {
  return {
    render: (width) => component.render(width),
    invalidate: () => component.invalidate?.(),
    handle(event: InputEvent) {
      if (component.handle) return component.handle(event);
      const raw = event.type === "paste" ? `\x1b[200~${event.text}\x1b[201~` : event.key.raw;
      if (raw !== undefined) component.handleInput?.(raw);
    },
  };
}
