// The "ui" service (pi's ctx.ui) on top of the interactive app: notifications, dialogs drawn in place
// of the editor, status entries in the footer, widgets above or below the editor, the title, and
// the editor's text, and plugins' own components (ui.custom, widget components).
import { diffLines, type InputEvent, type Keybindings, SelectList, TextDialog } from "../../lib/tui/index.js";

import type { InteractiveApp, Overlay, Widget } from "./app.js";
import { reportLater } from "./view-context.js";
import type { CustomComponent, CustomUiContext, SelectOptions, UiService } from "../../contracts/index.js";

type DialogOpts = { signal?: AbortSignal; timeout?: number };

export function createUiService(app: InteractiveApp): UiService & { requestRender(): void; size(): { rows: number; columns: number } } {
  // While a question waits for the person, `ui_dialog` events say so (the notifications plugin calls them back).
  const asked = (title: string, open: boolean) => app.api.actions.emit({ type: "ui_dialog", title, open });
  /** Opens a dialog; it closes on an answer, the signal, or the timeout (answering undefined). */
  const dialog = <T>(title: string, open: (done: (v: T | undefined) => void) => void, opts: DialogOpts = {}): Promise<T | undefined> =>
    new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      // Only the first answer counts: a late `done` must not close a dialog opened since.
      const done = (value: T | undefined) => {
        if (settled) return;
        settled = true;
        asked(title, false);
        clearTimeout(timer);
        opts.signal?.removeEventListener("abort", cancel);
        app.openOverlay(undefined);
        resolve(value);
      };
      const cancel = () => done(undefined);
      if (opts.signal?.aborted) return resolve(undefined);
      opts.signal?.addEventListener("abort", cancel, { once: true });
      if (opts.timeout) timer = setTimeout(cancel, opts.timeout);
      asked(title, true);
      open(done);
    });

  const select = (title: string, options: string[], opts?: SelectOptions) =>
    dialog<string>(
      title,
      (done) => {
        const { diff } = opts ?? {};
        app.openOverlay(
          new SelectList({
            title,
            items: options.map((o) => ({ value: o, label: o })),
            theme: () => app.theme(),
            keys: app.keys,
            maxVisible: 10,
            initial: opts?.initial === undefined ? 0 : Math.max(0, options.indexOf(opts.initial)),
            // The diff gets what the screen has left beside the title, the options and the editor's frame.
            ...(diff && { body: (width: number) => diffLines(diff, width, app.theme(), diffRows(app.term.rows, options.length)) }),
            onDone: done,
          }),
        );
      },
      opts,
    );

  const text = (title: string, multiline: boolean, placeholder?: string, prefill?: string, opts?: DialogOpts) =>
    dialog<string>(
      title,
      (done) => {
        app.openOverlay(
          new TextDialog({
            title,
            placeholder,
            prefill,
            multiline,
            theme: () => app.theme(),
            keys: app.keys,
            maxRows: () => Math.max(3, Math.floor(app.term.rows * 0.5)),
            onDone: done,
          }),
        );
      },
      opts,
    );

  return {
    notify: (message, level = "info") => app.notify(message, level),
    select,
    async confirm(title, message, opts) {
      return (await select(`${title}\n${message}`.trim(), ["Yes", "No"], opts)) === "Yes";
    },
    input: (title, placeholder, opts) => text(title, false, placeholder, undefined, opts),
    editor: (title, prefill, opts) => text(title, true, undefined, prefill, opts),
    setStatus(key, value) {
      if (value === undefined) app.statuses.delete(key);
      else app.statuses.set(key, value);
      app.render();
    },
    // Lines, or a component drawn afresh at the terminal's width on every frame.
    setWidget(key: string, content: string[] | WidgetComponent | undefined, opts?: { placement?: Widget["placement"] }) {
      const placement = opts?.placement ?? "aboveEditor";
      if (content === undefined) app.widgets.delete(key);
      else if (Array.isArray(content)) app.widgets.set(key, { lines: content, placement });
      else
        app.widgets.set(key, {
          placement,
          get lines() {
            return drawWidget(app, key, content);
          },
        });
      app.render();
    },
    setHeader(component) {
      app.transcript.header.set(component);
      app.render();
    },
    setFooter(component) {
      app.footer.custom.set(component);
      app.render();
    },
    footerData: () => app.footer.data(),
    setTitle(title) {
      app.term.write(`\x1b]0;${title.replace(/[\x00-\x1f]/g, "")}\x07`);
    },
    setEditorText(value) {
      app.editor.setText(value);
      app.render();
    },
    // As pi: large pastes written out, not their `[paste #N …]` markers.
    getEditorText: () => app.editor.expandedText(),
    custom: (factory, opts) =>
      dialog(
        "",
        (done) => {
          app.openOverlay(asOverlay(app, factory(done, surfaceContext(app)), done));
        },
        opts,
      ),
    // Beyond UiService, for plugins that keep their own components (pi-compat's `tui` object).
    requestRender: () => app.render(),
    size: () => ({ rows: app.term.rows, columns: app.term.columns }),
  };
}

/** Rows a dialog's diff may take: what is left of the screen after the dialog's other lines, at least a few. */
function diffRows(rows: number, options: number): number {
  return Math.max(4, rows - Math.min(options, 10) - 10);
}

/** What a plugin's component gets: the live theme, terminal size and keybindings, and a redraw. */
function surfaceContext(app: InteractiveApp): CustomUiContext & { keys: Keybindings } {
  return {
    get theme() {
      return app.theme();
    },
    get rows() {
      return app.term.rows;
    },
    get columns() {
      return app.term.columns;
    },
    keys: app.keys,
    requestRender: () => app.render(),
  };
}

/**
 * A plugin's component as an overlay: parsed keys when it takes them, else the raw input. One
 * that throws is closed (the dialog answers undefined) and reported, and the UI carries on.
 */
function asOverlay(app: InteractiveApp, component: CustomComponent, done: (value?: never) => void): Overlay {
  let failed = false;
  const guard = <T>(what: string, fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (error) {
      if (failed) return fallback;
      failed = true;
      reportLater(
        () => app.api,
        "ui.custom",
        `A plugin's custom component failed in ${what}`,
        error,
        () => done(),
      );
      return fallback;
    }
  };
  return {
    render: (width) => guard("render", () => component.render(width), []),
    invalidate: () => guard("invalidate", () => component.invalidate?.(), undefined),
    handle(event: InputEvent) {
      guard(
        "handleInput",
        () => {
          if (component.handle) return component.handle(event);
          const raw = event.type === "paste" ? `\x1b[200~${event.text}\x1b[201~` : event.key.raw;
          if (raw !== undefined) component.handleInput?.(raw);
        },
        undefined,
      );
    },
  };
}

export interface WidgetComponent {
  render(width: number): string[];
}

/** A widget component's lines; one that throws shows nothing, reported once per widget. */
function drawWidget(app: InteractiveApp, key: string, component: WidgetComponent): string[] {
  try {
    return component.render(app.term.columns);
  } catch (error) {
    if (!failedWidgets.has(component)) {
      failedWidgets.add(component);
      reportLater(() => app.api, "ui.setWidget", `Widget "${key}" failed to draw`, error);
    }
    return [];
  }
}
const failedWidgets = new WeakSet<object>();
