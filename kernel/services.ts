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
}
