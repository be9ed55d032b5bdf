// Where the app's pieces go, for a frame to place: the transcript with the working and queue lines
// under it, then the widgets, the editor (or an inline dialog), completions and the footer.
import { Container, EditorView, type Keybindings, Lines } from "../../lib/tui/index.js";
import type { AppParts } from "../../contracts/index.js";
import type { InteractiveApp, Overlay } from "./app.js";
import { type WorkingState, widgetLines, workingLines } from "./status-lines.js";

export interface LayoutInputs {
  app: InteractiveApp;
  keys: Keybindings;
  editorBorder(): "thinkingOff";
  status(): WorkingState;
  /** The dialog drawn in place of the editor (frames that float dialogs draw them themselves). */
  inlineOverlay(): Overlay | undefined;
}

export function layoutParts({ app, keys, editorBorder, status, inlineOverlay }: LayoutInputs): AppParts {
  const editorView = new EditorView(app.editor, {
    border: (s) => app.theme().fg(editorBorder(), s),
    maxRows: () => Math.max(3, Math.floor(app.term.rows * 0.4)),
    label: () => (app.editor.getText().startsWith("!") ? app.theme().fg("bashMode", " bash ") : ""),
  });
  const transcript = new Container();
  transcript.add(app.transcript.header);
  transcript.add(app.transcript.container);
  transcript.add(new Lines((w) => workingLines(app.theme(), status(), w)));
  const bottom = new Container();
  bottom.add(new Lines((w) => widgetLines(app.widgets.values(), "aboveEditor", w)));
  bottom.add(new Lines((w) => ["", ...(inlineOverlay()?.render(w) ?? editorView.render(w))]));
  bottom.add(new Lines((w) => (app.overlay ? [] : app.autocomplete.render(w, app.theme()))));
  bottom.add(new Lines((w) => widgetLines(app.widgets.values(), "belowEditor", w)));
  return { transcript, bottom, footer: app.footer, overlay: () => app.overlay, theme: () => app.theme(), keys };
}
