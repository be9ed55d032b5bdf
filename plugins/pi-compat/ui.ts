// pi's `ctx.ui` over the "ui" service. Without a UI (print and JSON modes) it degrades as pi
// does: dialogs resolve to their "nothing chosen" value at once, and the rest does nothing.
// Extensions' own components (custom dialogs, widget factories) get pi-tui's `tui` and
// keybindings objects over the UI that draws them.
import type { PluginApi } from "pi-kernel";
import { plainTheme } from "../../lib/tui/index.js";
import { piKeybindings, piTui, type SurfaceHost } from "./modules/tui-host.js";
import type { FooterData, ThemesService, UiService } from "../../contracts/index.js";

type Ui = Partial<UiService> & Record<string, unknown>;

export function createUi(api: PluginApi): Record<string, unknown> {
  const ui = (): Ui | undefined => api.services.get("ui") as Ui | undefined;
  const call = <T>(name: string, fallback: T, ...args: unknown[]): T => {
    const fn = ui()?.[name];
    return typeof fn === "function" ? (fn as (...a: unknown[]) => T).apply(ui(), args) : fallback;
  };
  const themes = () => api.services.get("themes");
  return {
    select: (title: string, options: string[], opts?: unknown) => call("select", Promise.resolve(undefined), title, options, opts),
    confirm: (title: string, message: string, opts?: unknown) => call("confirm", Promise.resolve(false), title, message, opts),
    input: (title: string, placeholder?: string, opts?: unknown) => call("input", Promise.resolve(undefined), title, placeholder, opts),
    editor: (title: string, prefill?: string) => call("editor", Promise.resolve(undefined), title, prefill),
    notify: (message: string, level?: string) => call("notify", undefined, prefixed(api, message, level), level),
    setStatus: (key: string, text?: string) => call("setStatus", undefined, key, text),
    setWidget: (key: string, content: unknown, opts?: unknown) => setWidget(ui(), key, content, opts, themes()?.current() ?? plainTheme),
    setTitle: (title: string) => call("setTitle", undefined, title),
    setEditorText: (text: string) => call("setEditorText", undefined, text),
    getEditorText: () => call("getEditorText", ""),
    pasteToEditor: (text: string) => call("setEditorText", undefined, call("getEditorText", "") + text),
    setWorkingMessage: (message?: string) => call("setWorkingMessage", undefined, message),
    setWorkingVisible: (visible: boolean) => call("setWorkingVisible", undefined, visible),
    setWorkingIndicator: (o?: unknown) => call("setWorkingIndicator", undefined, o),
    setHiddenThinkingLabel: (label?: string) => call("setHiddenThinkingLabel", undefined, label),
    setFooter: (factory?: SlotFactory) =>
      setSlot(ui(), "setFooter", factory, themes()?.current() ?? plainTheme, () => footerData(api, ui())),
    setHeader: (factory?: SlotFactory) => setSlot(ui(), "setHeader", factory, themes()?.current() ?? plainTheme),
    custom: (factory: PiCustomFactory, opts?: { signal?: AbortSignal; timeout?: number }) => custom(ui(), factory, opts),
    onTerminalInput: (handler: unknown) => call("onTerminalInput", () => undefined, handler),
    addAutocompleteProvider: (factory: unknown) => call("addAutocompleteProvider", undefined, factory),
    setEditorComponent: (factory?: unknown) => call("setEditorComponent", undefined, factory),
    getEditorComponent: () => call("getEditorComponent", undefined),
    getToolsExpanded: () => call("getToolsExpanded", false),
    setToolsExpanded: (expanded: boolean) => call("setToolsExpanded", undefined, expanded),
    // As pi: a UI may answer for its themes (RPC mode has none to offer); without a UI there are none.
    getAllThemes: () => (ui() ? call("getAllThemes", themes()?.list() ?? []) : []),
    getTheme: (name: string) =>
      ui()
        ? call(
            "getTheme",
            themes()
              ?.list()
              .find((t) => t.name === name),
            name,
          )
        : undefined,
    setTheme: (name: string) => {
      if (!ui()) return { success: false, error: "UI not available" };
      return typeof ui()?.setTheme === "function" ? call("setTheme", undefined, name) : setTheme(themes(), name);
    },
    get theme() {
      return themes()?.current() ?? plainTheme;
    },
  };
}

function setTheme(t: ThemesService | undefined, name: string): { success: boolean; error?: string } {
  if (!t?.set) return { success: false, error: "no themes in this agent" };
  try {
    t.set(name);
    return { success: true };
  } catch (error) {
    return { success: false, error: (error as Error).message };
  }
}

type PiComponent = { render(width: number): string[]; handleInput?(data: string): void; invalidate?(): void; dispose?(): void };
type PiCustomFactory = (
  tui: unknown,
  theme: unknown,
  keybindings: unknown,
  done: (value?: unknown) => void,
) => PiComponent | Promise<PiComponent>;
type CustomUi = NonNullable<UiService["custom"]>;

/**
 * pi's ctx.ui.custom: `factory(tui, theme, keybindings, done)` (its component may come as a
 * promise) shown by the UI in place of the editor until `done(value)`; resolves with that value,
 * and with undefined where nothing can be drawn (print, JSON, RPC), as in pi. A factory that
 * throws or rejects rejects the call; the component's dispose() runs when it closes.
 */
async function custom(svc: Ui | undefined, factory: PiCustomFactory, opts?: { signal?: AbortSignal; timeout?: number }): Promise<unknown> {
  const show = svc?.custom as CustomUi | undefined;
  if (!show) return undefined;
  let failure: { error: unknown } | undefined;
  let component: PiComponent | undefined;
  const value = await show.call(
    svc,
    (done, surface) => {
      const host = () => surface as unknown as SurfaceHost;
      const made = factory(piTui(host), surface.theme, piKeybindings(host), (v) => done(v));
      if (typeof (made as Promise<PiComponent>).then !== "function") return (component = made as PiComponent);
      (made as Promise<PiComponent>).then(
        (c) => {
          component = c;
          surface.requestRender();
        },
        (error) => {
          failure = { error };
          done(undefined);
        },
      );
      return {
        render: (width) => component?.render(width) ?? [],
        handleInput: (data) => component?.handleInput?.(data),
        invalidate: () => component?.invalidate?.(),
      };
    },
    opts,
  );
  try {
    component?.dispose?.();
  } catch {
    /* a failing dispose must not lose the answer */
  }
  if (failure) throw failure.error;
  return value;
}

type SlotFactory = (tui: unknown, theme: unknown, footerData?: unknown) => PiComponent;

/**
 * pi's setHeader / setFooter: `factory(tui, theme[, footerData])` makes the component the
 * interactive UI draws above the conversation / in place of its footer (the UI disposes the one
 * it replaces); undefined restores the default. Where nothing is drawn (RPC, print) it does
 * nothing, as in pi.
 */
function setSlot(
  svc: Ui | undefined,
  slot: "setHeader" | "setFooter",
  factory: SlotFactory | undefined,
  theme: unknown,
  data?: () => unknown,
) {
  const set = svc?.[slot] as ((c: PiComponent | undefined) => void) | undefined;
  const host = svc && surfaceHost(svc);
  if (typeof set !== "function" || !host) return;
  set.call(svc, typeof factory === "function" ? factory(piTui(host), theme, data?.()) : undefined);
}

/** pi's ReadonlyFooterDataProvider over the UI's footer data. */
function footerData(api: PluginApi, svc: Ui | undefined) {
  const data = (svc?.footerData as (() => FooterData) | undefined)?.call(svc);
  return {
    getGitBranch: () => data?.gitBranch() ?? null,
    getExtensionStatuses: () => data?.statuses() ?? new Map<string, string>(),
    getAvailableProviderCount: () =>
      new Set(
        api.services
          .get("models")
          ?.list()
          .map((m) => m.provider),
      ).size,
    onBranchChange: (listener: () => void) => data?.onBranchChange(listener) ?? (() => {}),
  };
}

/** pi-tui's `tui` host over a UI that can redraw and tell its size; undefined for one that cannot (RPC). */
function surfaceHost(svc: Ui): (() => SurfaceHost) | undefined {
  const size = svc.size as (() => { rows: number; columns: number }) | undefined;
  if (typeof size !== "function") return undefined;
  return () => ({ requestRender: () => (svc.requestRender as () => void)(), ...size() });
}

const widgets = new WeakMap<object, Map<string, PiComponent>>();

/**
 * pi's setWidget: lines, or a factory `(tui, theme) => Component` that the interactive UI draws
 * on every frame (its `tui.requestRender()` redraws it). Elsewhere factories are ignored, as in
 * pi's RPC mode. A replaced or removed widget's component is disposed.
 */
function setWidget(svc: Ui | undefined, key: string, content: unknown, opts: unknown, theme: unknown): void {
  if (typeof svc?.setWidget !== "function") return;
  const own = widgets.get(svc) ?? new Map<string, PiComponent>();
  widgets.set(svc, own);
  own.get(key)?.dispose?.();
  own.delete(key);
  if (typeof content !== "function") {
    return void svc.setWidget(key, Array.isArray(content) ? content.map(String) : undefined, opts as never);
  }
  const host = surfaceHost(svc);
  if (!host) return;
  const component = (content as (tui: unknown, theme: unknown) => PiComponent)(piTui(host), theme);
  own.set(key, component);
  (svc.setWidget as unknown as (k: string, c: PiComponent, o: unknown) => void).call(svc, key, component, opts);
}

/** pi's interactive UI shows an error or warning notification as "Error: ..." / "Warning: ..."; its RPC clients get the bare text. */
function prefixed(api: PluginApi, message: string, level: string | undefined): string {
  const headless = ["rpc", "acp", "json", "print", "text"].includes(String(api.flags.mode));
  if (headless || typeof message !== "string") return message;
  return level === "error" ? `Error: ${message}` : level === "warning" ? `Warning: ${message}` : message;
}
