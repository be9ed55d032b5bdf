// A titled text field shown in place of the editor: one line (input) or many (editor). Enter
// submits (Shift+Enter adds a line in multi-line mode), Esc cancels.
import type { Component } from "./component.js";
import { EditorKeys } from "./editor-keys.js";
import { EditorModel } from "./editor-model.js";
import { EditorView } from "./editor-view.js";
import type { Keybindings } from "./keybindings.js";
import type { InputEvent } from "./keys.js";
import type { Theme } from "./theme.js";
import { wrapText } from "./text.js";

export class TextDialog implements Component {
  readonly model = new EditorModel();
  private readonly view: EditorView;
  private readonly editing: EditorKeys;

  constructor(
    private readonly opts: {
      title: string;
      placeholder?: string;
      prefill?: string;
      multiline: boolean;
      theme: () => Theme;
      keys: Keybindings;
      maxRows: () => number;
      onDone(value: string | undefined): void;
    },
  ) {
    if (opts.prefill) this.model.setText(opts.prefill);
    this.editing = new EditorKeys(opts.keys);
    this.view = new EditorView(this.model, { border: (s) => opts.theme().fg("borderAccent", s), maxRows: opts.maxRows });
  }

  handle(event: InputEvent): void {
    if (event.type === "paste") {
      this.model.insert(this.opts.multiline ? event.text : event.text.replace(/\n/g, " "));
      return;
    }
    const key = event.key;
    const keys = this.opts.keys;
    if (keys.matches(key, "tui.select.cancel") && !(key.ctrl && key.name === "c" && !this.model.isEmpty()))
      return this.opts.onDone(undefined);
    if (keys.matches(key, "tui.input.submit")) return this.opts.onDone(this.model.getText());
    if (!this.opts.multiline && keys.matches(key, "tui.input.newLine")) return;
    if (keys.matches(key, "tui.editor.cursorUp")) {
      this.model.up();
      return;
    }
    if (keys.matches(key, "tui.editor.cursorDown")) {
      this.model.down();
      return;
    }
    this.editing.handle(this.model, key);
  }

  render(width: number): string[] {
    const t = this.opts.theme();
    const hint = this.opts.multiline ? "enter submit · shift+enter new line · esc cancel" : "enter submit · esc cancel";
    const lines = [...wrapText(t.fg("accent", t.bold(this.opts.title)), width)];
    if (this.model.isEmpty() && this.opts.placeholder) lines.push(t.fg("dim", this.opts.placeholder));
    return [...lines, ...this.view.render(width), t.fg("dim", hint)];
  }
}
