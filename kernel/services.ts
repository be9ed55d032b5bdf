// Contracts of the named services several plugins share. Types only: the kernel implements none
// of them; a plugin provides each (`api.services.provide`) and others use it by name.

/**
 * "ui": provided by the active interactive or RPC surface (pi's ctx.ui). Absent in print and
 * JSON modes, so users check `api.services.has("ui")` first.
 */
export interface UiService {
  notify(message: string, level?: "info" | "warning" | "error"): void;
  select(title: string, options: string[], opts?: { signal?: AbortSignal; timeout?: number }): Promise<string | undefined>;
  confirm(title: string, message: string, opts?: { signal?: AbortSignal; timeout?: number }): Promise<boolean>;
  input(title: string, placeholder?: string, opts?: { signal?: AbortSignal; timeout?: number }): Promise<string | undefined>;
  editor(title: string, prefill?: string): Promise<string | undefined>;
  setStatus(key: string, text: string | undefined): void;
  setWidget(key: string, lines: string[] | undefined, opts?: { placement?: "aboveEditor" | "belowEditor" }): void;
  setTitle(title: string): void;
  setEditorText(text: string): void;
  getEditorText(): string;
  /**
   * Shows a component in place of the editor (floating in the full-screen UI) until it calls
   * `done`; keys go to its `handle` (parsed) or `handleInput` (raw terminal data, as pi-tui's).
   * Absent where nothing can be drawn (RPC: pi answers undefined there too).
   */
  custom?<T>(factory: (done: (value?: T) => void, ui: CustomUiContext) => CustomComponent, opts?: { signal?: AbortSignal; timeout?: number }): Promise<T | undefined>;
}
export interface CustomComponent {
  render(width: number): string[];
  handle?(event: { type: "key"; key: { name: string; ctrl: boolean; alt: boolean; shift: boolean }; raw?: string } | { type: "paste"; text: string }): void;
  handleInput?(data: string): void;
  invalidate?(): void;
}
export interface CustomUiContext { theme: unknown; requestRender(): void; rows: number; columns: number }
