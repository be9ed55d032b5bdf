// The editing keys shared by every text field (the main editor and dialogs): motions, deletions,
// kill/yank, undo and character jumps, looked up through the keybindings by pi's ids.
import type { EditorModel } from "./editor-model.js";
import type { Keybindings } from "./keybindings.js";
import type { Key } from "./keys.js";

export class EditorKeys {
  /** Set after Ctrl+] (or Ctrl+Alt+]): the next character typed is the jump target. */
  private pendingJump: "forward" | "backward" | undefined;

  constructor(private readonly keys: Keybindings) {}

  /** Applies an editing key; returns false when the key is not an editing key. */
  handle(model: EditorModel, key: Key): boolean {
    if (this.pendingJump) {
      const forward = this.pendingJump === "forward";
      this.pendingJump = undefined;
      if (key.text) {
        model.jump(key.text, forward);
        return true;
      }
    }
    const k = this.keys;
    const is = (id: string) => k.matches(key, `tui.editor.${id}`);
    if (is("cursorLeft")) model.left();
    else if (is("cursorRight")) model.right();
    else if (is("cursorWordLeft")) model.wordLeft();
    else if (is("cursorWordRight")) model.wordRight();
    else if (is("cursorLineStart")) model.lineStart();
    else if (is("cursorLineEnd")) model.lineEnd();
    else if (is("deleteCharBackward")) model.backspace();
    else if (is("deleteCharForward")) model.deleteForward();
    else if (is("deleteWordBackward")) model.deleteWordBackward();
    else if (is("deleteWordForward")) model.deleteWordForward();
    else if (is("deleteToLineStart")) model.deleteToLineStart();
    else if (is("deleteToLineEnd")) model.deleteToLineEnd();
    else if (is("yank")) model.yank();
    else if (is("yankPop")) model.yankPop();
    else if (is("undo")) model.undo();
    else if (is("jumpForward")) this.pendingJump = "forward";
    else if (is("jumpBackward")) this.pendingJump = "backward";
    else if (k.matches(key, "tui.input.newLine")) model.newLine();
    else if (key.text && !key.ctrl && !key.alt) model.insert(key.text);
    else return false;
    return true;
  }
}
