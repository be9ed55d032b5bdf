// What each key does in the main editor, by pi's keybinding ids: an open dialog takes every key;
// then plugins' shortcuts (unless the key is one of pi's reserved app keys, see shortcuts.ts);
// then app actions (abort, clear, exit, model and thinking controls, toggles, queue), then
// completion, then plain editing.
import { EditorKeys, type InputEvent, type Key } from "../../lib/tui/index.js";
import type { InteractiveApp } from "./app.js";
import type { Actions } from "./actions.js";
import { runShortcut, warnShortcutConflicts } from "./shortcuts.js";
import { sendToBackground } from "./to-background.js";

const DOUBLE_PRESS_MS = 500;

export function createKeymap(app: InteractiveApp, actions: Actions): (event: InputEvent) => void {
  const editing = new EditorKeys(app.keys);
  warnShortcutConflicts(app);
  let lastClear = 0;
  let lastEscape = 0;

  /** Esc twice within 500 ms on an empty, idle editor: pi's doubleEscapeAction (/tree, /fork). */
  const doubleEscape = (): void => {
    const now = Date.now();
    if (!app.editor.isEmpty() || now - lastEscape >= DOUBLE_PRESS_MS) {
      lastEscape = now;
      return;
    }
    lastEscape = 0;
    const action = app.api.settings.doubleEscapeAction ?? "tree";
    if (action === "tree" || action === "fork") runCommand(action);
  };
  const runCommand = (name: string): void => {
    if (app.api.agent.isStreaming) return;
    app.api.actions.prompt(`/${name}`, { source: "interactive" }).catch((error: Error) => app.notify(error.message, "error"));
  };

  const onKey = (key: Key): void => {
    const is = (id: string) => app.keys.matches(key, id);
    const ed = app.editor;
    if (is("app.clear")) {
      const now = Date.now();
      if (!ed.isEmpty()) {
        ed.clear();
        app.autocomplete.hide();
        app.hint = undefined;
        lastClear = 0;
        return;
      }
      if (now - lastClear < DOUBLE_PRESS_MS) return app.exit(0);
      lastClear = now;
      app.hint = "Press ctrl+c again to exit";
      setTimeout(() => {
        if (app.hint?.startsWith("Press ctrl+c")) {
          app.hint = undefined;
          app.render();
        }
      }, DOUBLE_PRESS_MS).unref();
      return;
    }
    if (is("app.exit") && ed.isEmpty()) return app.exit(0);
    if (is("app.interrupt")) {
      if (app.autocomplete.visible) return app.autocomplete.hide();
      if (app.cancelBash) return app.cancelBash();
      if (app.api.agent.isStreaming) return actions.abort();
      return doubleEscape();
    }
    if (is("app.jobs.background") && sendToBackground(app)) return;
    // Unbound by default (pi): a user may give /new, /tree, /fork and /resume their own keys.
    for (const name of ["new", "tree", "fork", "resume"]) if (is(`app.session.${name}`)) return runCommand(name);
    if (is("app.thinking.cycle")) return actions.cycleThinking();
    if (is("app.model.select")) return actions.selectModel();
    if (is("app.model.cycleForward")) return void actions.cycleModel(1);
    if (is("app.model.cycleBackward")) return void actions.cycleModel(-1);
    if (is("app.tools.expand")) {
      app.toolsExpanded = !app.toolsExpanded;
      app.transcript.refresh();
      return;
    }
    if (is("app.thinking.toggle")) {
      app.thinkingHidden = !app.thinkingHidden;
      app.transcript.refresh();
      // pi remembers the choice (hideThinkingBlock in settings.json).
      try {
        app.api.services.get("settings")?.set("hideThinkingBlock", app.thinkingHidden);
      } catch (error) {
        app.notify((error as Error).message, "warning");
      }
      return;
    }
    if (is("app.editor.external")) return void actions.externalEditor();
    if (is("app.clipboard.pasteImage")) return void actions.pasteImage();
    if (is("app.suspend")) return actions.suspend();
    if (is("app.message.dequeue")) return actions.dequeue();
    if (is("app.message.followUp")) return actions.submit("followUp");
    if (app.autocomplete.visible) {
      if (is("tui.editor.cursorUp")) return app.autocomplete.move(-1);
      if (is("tui.editor.cursorDown")) return app.autocomplete.move(1);
      if (is("tui.input.tab")) {
        app.autocomplete.apply(ed);
        app.autocomplete.update(ed);
        return;
      }
      if (is("tui.input.submit")) {
        // A command name is chosen and sent at once; a file or argument is only filled in.
        const kind = app.autocomplete.kind;
        if (app.autocomplete.apply(ed) && kind !== "command") {
          app.autocomplete.update(ed);
          return;
        }
        return actions.submit("steer");
      }
    }
    if (is("tui.input.submit")) return actions.submit("steer");
    if (is("tui.input.tab")) return app.autocomplete.update(ed);
    if (is("tui.editor.cursorUp")) {
      if (!ed.up()) ed.browseHistory(-1);
      return;
    }
    if (is("tui.editor.cursorDown")) {
      if (!ed.down()) ed.browseHistory(1);
      return;
    }
    if (editing.handle(ed, key)) return completeAfterEdit(app);
  };

  return (event) => {
    if (app.overlay) {
      app.overlay.handle(event);
      app.render();
      return;
    }
    if (event.type === "paste") {
      actions.paste(event.text);
      completeAfterEdit(app);
    } else {
      if (!app.keys.matches(event.key, "app.clear") && app.hint?.startsWith("Press ctrl+c")) app.hint = undefined;
      // Plugins' shortcuts come before the editor's keys (reserved app keys stay with the app).
      if (!runShortcut(app, event.key)) onKey(event.key);
    }
    app.render();
  };
}

/** Shows or updates completions when the word being typed is a /command or an @path. */
function completeAfterEdit(app: InteractiveApp): void {
  const ed = app.editor;
  const before = ed.lines[ed.row].slice(0, ed.col);
  if (app.autocomplete.visible || (ed.row === 0 && before.startsWith("/")) || /(?:^|\s)@\S*$/.test(before)) app.autocomplete.update(ed);
}
