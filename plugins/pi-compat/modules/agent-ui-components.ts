// pi-coding-agent's interactive-mode components that extensions construct: the custom editor
// base class, the bordered loader, message views, and the selector and input dialogs. The
// interactive mode's own screens (model/session/tree selectors, footer, login) belong to
// pi-kernel's UI plugins; constructing them throws naming the replacement.
import { MarkdownRenderer, plainTheme, type Component } from "../../../lib/tui/index.js";
import { DynamicBorder } from "./dynamic-border.js";
import { Container, Text } from "./tui-components.js";
import { Editor, type EditorOptions, type EditorTheme } from "./tui-editor.js";
import { Input, SelectList } from "./tui-inputs.js";
import { matchesKey } from "./tui-keys.js";
import { CancellableLoader, Loader } from "./tui-loader.js";
import type { KeybindingsManager } from "./tui-misc.js";
import { unavailableClass } from "./unavailable.js";

type Paint = (text: string) => string;
interface ThemeLike {
  fg?(token: string, text: string): string;
}
const colour =
  (theme: ThemeLike | undefined, token: string): Paint =>
  (text) =>
    theme?.fg?.(token, text) ?? text;

/** The editor extensions subclass and hand to `ctx.ui.setEditorComponent` (vim modes, ...). */
export class CustomEditor extends Editor {
  actionHandlers = new Map<string, () => void>();
  onEscape?: () => void;
  onCtrlD?: () => void;
  onPasteImage?: () => void;
  onExtensionShortcut?: (data: string) => boolean;

  constructor(
    tui: ConstructorParameters<typeof Editor>[0],
    theme: EditorTheme,
    protected readonly appKeybindings?: KeybindingsManager,
    options?: EditorOptions,
  ) {
    super(tui, theme, options);
  }
  setWorkingStatusIndicator(_indicator: unknown): void {}
  onAction(action: string, handler: () => void): void {
    this.actionHandlers.set(action, handler);
  }
  override handleInput(data: string): void {
    if (this.onExtensionShortcut?.(data)) return;
    if (matchesKey(data, "escape") && this.onEscape) return this.onEscape();
    if (matchesKey(data, "ctrl+d") && this.getText() === "" && this.onCtrlD) return this.onCtrlD();
    for (const [action, handler] of this.actionHandlers) if (this.appKeybindings?.matches(data, action)) return handler();
    super.handleInput(data);
  }
}

/** A loader between two rules; with `cancellable` (the default), Escape aborts its signal. */
export class BorderedLoader extends Container {
  private readonly loader: Loader;
  constructor(
    tui: ConstructorParameters<typeof Loader>[0],
    theme: ThemeLike | undefined,
    message: string,
    options: { cancellable?: boolean } = {},
  ) {
    super();
    const border = colour(theme, "border");
    this.loader =
      options.cancellable === false
        ? new Loader(tui, colour(theme, "accent"), colour(theme, "muted"), message)
        : new CancellableLoader(tui, colour(theme, "accent"), colour(theme, "muted"), message);
    this.addChild(new DynamicBorder(border));
    this.addChild(this.loader);
    this.addChild(new DynamicBorder(border));
  }
  get signal(): AbortSignal {
    return this.loader instanceof CancellableLoader ? this.loader.signal : new AbortController().signal;
  }
  set onAbort(fn: (() => void) | undefined) {
    if (this.loader instanceof CancellableLoader) this.loader.onAbort = fn;
  }
  handleInput(data: string): void {
    if (this.loader instanceof CancellableLoader) this.loader.handleInput(data);
  }
  dispose(): void {
    this.loader.stop();
  }
}

type Content = string | { type: string; text?: string }[];
const textOf = (content: Content) =>
  typeof content === "string"
    ? content
    : content
        .filter((c) => c.type === "text")
        .map((c) => c.text ?? "")
        .join("\n");

class MarkdownView implements Component {
  private readonly renderer = new MarkdownRenderer(() => plainTheme);
  constructor(protected text: string) {}
  invalidate(): void {}
  render(width: number): string[] {
    return this.text.trim() ? ["", ...this.renderer.render(this.text, Math.max(1, width - 2)).map((l) => ` ${l}`)] : [];
  }
}
export class UserMessageComponent extends MarkdownView {
  constructor(text: string) {
    super(text);
  }
}
export class AssistantMessageComponent extends MarkdownView {
  constructor(message?: { content: Content }) {
    super(message ? textOf(message.content) : "");
  }
  updateContent(message: { content: Content }): void {
    this.text = textOf(message.content);
  }
}
export class CustomMessageComponent extends MarkdownView {
  constructor(message: { content: Content }) {
    super(textOf(message.content));
  }
}
export class SkillInvocationMessageComponent extends MarkdownView {
  constructor(block: { name: string }) {
    super(`[skill] ${block.name}`);
  }
}

/** pi's select dialog body: a title and a list; onSelect gets the chosen option's text. */
export class ExtensionSelectorComponent extends Container {
  private readonly list: SelectList;
  constructor(title: string, options: string[], onSelect: (option: string) => void, onCancel: () => void) {
    super();
    this.list = new SelectList(
      options.map((o) => ({ value: o, label: o })),
      10,
    );
    this.list.onSelect = (item) => onSelect(item.value);
    this.list.onCancel = onCancel;
    this.addChild(new Text(title, 1, 0));
    this.addChild(this.list);
  }
  handleInput(data: string): void {
    this.list.handleInput(data);
  }
}
export class ExtensionInputComponent extends Container {
  private readonly input = new Input();
  constructor(title: string, _placeholder: string | undefined, onSubmit: (value: string) => void, onCancel: () => void) {
    super();
    this.input.focused = true;
    this.input.onSubmit = onSubmit;
    this.input.onEscape = onCancel;
    this.addChild(new Text(title, 1, 0));
    this.addChild(this.input);
  }
  handleInput(data: string): void {
    this.input.handleInput(data);
  }
}

const SCREEN = (name: string) =>
  unavailableClass(name, "pi's interactive-mode screen (pi-kernel's UI plugins draw their own; use ctx.ui.select/input/custom)");
export const ArminComponent = SCREEN("ArminComponent");
export const BashExecutionComponent = SCREEN("BashExecutionComponent");
export const BranchSummaryMessageComponent = SCREEN("BranchSummaryMessageComponent");
export const CompactionSummaryMessageComponent = SCREEN("CompactionSummaryMessageComponent");
export const ExtensionEditorComponent = SCREEN("ExtensionEditorComponent");
export const FooterComponent = SCREEN("FooterComponent");
export const LoginDialogComponent = SCREEN("LoginDialogComponent");
export const ModelSelectorComponent = SCREEN("ModelSelectorComponent");
export const OAuthSelectorComponent = SCREEN("OAuthSelectorComponent");
export const SessionSelectorComponent = SCREEN("SessionSelectorComponent");
export const SettingsSelectorComponent = SCREEN("SettingsSelectorComponent");
export const ShowImagesSelectorComponent = SCREEN("ShowImagesSelectorComponent");
export const ThemeSelectorComponent = SCREEN("ThemeSelectorComponent");
export const ThinkingSelectorComponent = SCREEN("ThinkingSelectorComponent");
export const ToolExecutionComponent = SCREEN("ToolExecutionComponent");
export const TreeSelectorComponent = SCREEN("TreeSelectorComponent");
export const UserMessageSelectorComponent = SCREEN("UserMessageSelectorComponent");
export const InteractiveMode = unavailableClass(
  "InteractiveMode",
  "pi's interactive mode (pi-kernel's interactive UI is the ui-interactive plugin)",
);
