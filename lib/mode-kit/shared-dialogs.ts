// One dialog asked on several UI surfaces at once: the terminal and the web clients of `/ui web`
// (the rpc hub's). Every surface shows it; the first answer wins, whatever it is (Esc or a cancel is
// an answer too), and the others are cancelled through an AbortSignal so they take theirs down (the
// terminal closes its dialog, the hub sends its clients `extension_ui_closed`). The caller's signal
// and timeout keep their meaning: they reach every surface. Everything else of the UI service
// (notices, statuses, widgets, the editor's text) stays the primary surface's.
import type { DialogSurface, UiService } from "../../contracts/ui.js";

type Signalled = { signal?: AbortSignal; timeout?: number };

/** `primary` with its dialogs shared with `others()` (looked up per dialog: clients come and go). */
export function shareDialogs<U extends UiService>(primary: U, others: () => DialogSurface[]): U {
  const surfaces = (): DialogSurface[] => [primary, ...others()];
  // The primary's own methods (custom, setHeader, requestRender...) stay reachable through the prototype.
  const shared: DialogSurface = {
    select: (title, options, opts) => race(opts, (signal) => surfaces().map((s) => s.select(title, options, { ...opts, signal }))),
    confirm: (title, message, opts) => race(opts, (signal) => surfaces().map((s) => s.confirm(title, message, { ...opts, signal }))),
    input: (title, placeholder, opts) => race(opts, (signal) => surfaces().map((s) => s.input(title, placeholder, { ...opts, signal }))),
    editor: (title, prefill, opts) => race(opts, (signal) => surfaces().map((s) => s.editor(title, prefill, { ...opts, signal }))),
  };
  return Object.assign(Object.create(primary) as U, shared);
}

/**
 * The first surface to answer wins; the others are cancelled. A surface that fails is left out
 * (one broken client does not take the dialog down); when all fail, the first failure is thrown.
 */
async function race<T>(opts: Signalled | undefined, ask: (signal: AbortSignal) => Promise<T>[]): Promise<T> {
  const controller = new AbortController();
  const outer = opts?.signal;
  const cancel = () => controller.abort();
  if (outer?.aborted) cancel();
  else outer?.addEventListener("abort", cancel, { once: true });
  try {
    return await Promise.any(ask(controller.signal));
  } catch (error) {
    throw error instanceof AggregateError ? error.errors[0] : error;
  } finally {
    outer?.removeEventListener("abort", cancel);
    controller.abort();
  }
}
