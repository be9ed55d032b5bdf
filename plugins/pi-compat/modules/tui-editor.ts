// pi-tui's Editor (the multi-line prompt editor extensions subclass, e.g. for vim modes) over
// pi-kernel's editor model, key handling and view (lib/tui): Enter submits, Shift+Enter breaks
// the line, the editing keys follow the keybindings; `handleInput` takes raw terminal input.
import { EditorKeys, EditorModel, EditorView, KeyParser, Keybindings, type Component } from "../../../lib/tui/index.js";

export interface EditorTheme {
  borderColor: (text: string) => string;
  selectList?: unknown;
}
export interface EditorOptions {
  paddingX?: number;
  autocompleteMaxVisible?: number;
}
interface RenderHost {
  requestRender?(force?: boolean): void;
  terminal?: { rows: number };
}

export class Editor implements Component {
  focused = true;
  disableSubmit = false;
  onSubmit?: (text: string) => void;
  onChange?: (text: string) => void;
  borderColor: (text: string) => string;
  protected readonly model = new EditorModel();
  protected readonly keybindings = new Keybindings();
  private readonly keys = new EditorKeys(this.keybindings);
  private readonly parser = new KeyParser();
  private readonly view: EditorView;
  private paddingX: number;
  private autocompleteMaxVisible: number;

  constructor(
    protected readonly tui: RenderHost | undefined,
    protected readonly theme: EditorTheme = { borderColor: (t) => t },
    options: EditorOptions = {},
  ) {
    this.borderColor = theme.borderColor;
    this.paddingX = options.paddingX ?? 0;
    this.autocompleteMaxVisible = options.autocompleteMaxVisible ?? 5;
    const rows = () => Math.max(5, Math.floor((this.tui?.terminal?.rows ?? 24) * 0.3));
    this.view = new EditorView(this.model, { border: (t) => this.borderColor(t), maxRows: rows, focused: () => this.focused });
  }

  getPaddingX(): number {
    return this.paddingX;
  }
  setPaddingX(padding: number): void {
    this.paddingX = Math.max(0, padding);
  }
  getAutocompleteMaxVisible(): number {
    return this.autocompleteMaxVisible;
  }
  setAutocompleteMaxVisible(maxVisible: number): void {
    this.autocompleteMaxVisible = maxVisible;
  }
  setAutocompleteProvider(_provider: unknown): void {}
  isShowingAutocomplete(): boolean {
    return false;
  }
  addToHistory(text: string): void {
    this.model.remember(text);
  }
  getText(): string {
    return this.model.getText();
  }
  getExpandedText(): string {
    return this.model.getText();
  }
  getLines(): string[] {
    return [...this.model.lines];
  }
  getCursor(): { line: number; col: number } {
    return { line: this.model.row, col: this.model.col };
  }
  setText(text: string): void {
    this.model.setText(text);
    this.changed();
  }
  insertTextAtCursor(text: string): void {
    this.model.insert(text);
    this.changed();
  }
  invalidate(): void {}

  render(width: number): string[] {
    const pad = " ".repeat(this.paddingX);
    const inner = Math.max(1, width - this.paddingX * 2);
    return this.view.render(inner).map((line, i, all) => (i === 0 || i === all.length - 1 ? line : pad + line));
  }

  handleInput(data: string): void {
    const events = this.parser.feed(data);
    if (this.parser.pending) events.push(...this.parser.flush());
    for (const event of events) {
      if (event.type === "paste") {
        this.model.insert(event.text);
        this.changed();
      } else if (this.keybindings.matches(event.key, "tui.input.submit") && !event.key.shift) {
        if (this.disableSubmit) continue;
        const text = this.model.getText();
        this.model.setText("");
        this.onSubmit?.(text);
        this.changed();
      } else if (this.keys.handle(this.model, event.key)) this.changed();
    }
    this.tui?.requestRender?.();
  }

  private changed(): void {
    this.onChange?.(this.model.getText());
  }
}
