// pi's `ctx.ui` over the "ui" service. Without a UI (print and JSON modes) it degrades as pi
// does: dialogs resolve to their "nothing chosen" value at once, and the rest does nothing.
import type { PluginApi, UiService } from "pi-kernel";
import { plainTheme } from "../../lib/tui/plain-theme.js";

type Ui = Partial<UiService> & Record<string, unknown>;

export function createUi(api: PluginApi): Record<string, unknown> {
  const ui = (): Ui | undefined => (api.services.get<Ui>("ui"));
  const call = <T>(name: string, fallback: T, ...args: unknown[]): T => {
    const fn = ui()?.[name];
    return typeof fn === "function" ? (fn as (...a: unknown[]) => T).apply(ui(), args) : fallback;
  };
  const themes = () => (api.services.get<{ current(): { name: string }; list(): { name: string }[]; set?(n: string): void }>("themes"));
  return {
    select: (title: string, options: string[], opts?: unknown) => call("select", Promise.resolve(undefined), title, options, opts),
    confirm: (title: string, message: string, opts?: unknown) => call("confirm", Promise.resolve(false), title, message, opts),
    input: (title: string, placeholder?: string, opts?: unknown) => call("input", Promise.resolve(undefined), title, placeholder, opts),
    editor: (title: string, prefill?: string) => call("editor", Promise.resolve(undefined), title, prefill),
    notify: (message: string, level?: string) => call("notify", undefined, message, level),
    setStatus: (key: string, text?: string) => call("setStatus", undefined, key, text),
    // A component factory `(tui, theme) => Component` is drawn once to lines for the UI service.
    setWidget: (key: string, content: unknown, opts?: unknown) => call("setWidget", undefined, key, widgetLines(content, themes()?.current() ?? plainTheme), opts),
    setTitle: (title: string) => call("setTitle", undefined, title),
    setEditorText: (text: string) => call("setEditorText", undefined, text),
    getEditorText: () => call("getEditorText", ""),
    pasteToEditor: (text: string) => call("setEditorText", undefined, call("getEditorText", "") + text),
    setWorkingMessage: (message?: string) => call("setWorkingMessage", undefined, message),
    setWorkingVisible: (visible: boolean) => call("setWorkingVisible", undefined, visible),
    setWorkingIndicator: (o?: unknown) => call("setWorkingIndicator", undefined, o),
    setHiddenThinkingLabel: (label?: string) => call("setHiddenThinkingLabel", undefined, label),
    setFooter: (factory?: unknown) => call("setFooter", undefined, factory),
    setHeader: (factory?: unknown) => call("setHeader", undefined, factory),
    custom: (factory: unknown, opts?: unknown) => call("custom", Promise.resolve(undefined), factory, opts),
    onTerminalInput: (handler: unknown) => call("onTerminalInput", () => undefined, handler),
    addAutocompleteProvider: (factory: unknown) => call("addAutocompleteProvider", undefined, factory),
    setEditorComponent: (factory?: unknown) => call("setEditorComponent", undefined, factory),
    getEditorComponent: () => call("getEditorComponent", undefined),
    getToolsExpanded: () => call("getToolsExpanded", false),
    setToolsExpanded: (expanded: boolean) => call("setToolsExpanded", undefined, expanded),
    getAllThemes: () => themes()?.list() ?? [],
    getTheme: (name: string) => themes()?.list().find((t) => t.name === name),
    setTheme(name: string) {
      const t = themes();
      if (!t?.set) return { success: false, error: "no themes in this agent" };
      try { t.set(name); return { success: true }; } catch (error) { return { success: false, error: (error as Error).message }; }
    },
    get theme() { return themes()?.current() ?? plainTheme; },
  };
}

function widgetLines(content: unknown, theme: unknown): string[] | undefined {
  if (typeof content !== "function") return Array.isArray(content) ? content.map(String) : undefined;
  const component = (content as (tui: unknown, theme: unknown) => { render?(w: number): string[] })(undefined, theme);
  return component?.render?.(process.stdout.columns || 80);
}
