// The editor with a large paste (issue 6): a 50,000-line paste collapses to one marker, so taking
// the paste, drawing the editor after a keystroke, and expanding the marker on submit stay cheap.
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "editor: large paste markers";

const dist = (p) => join(ROOT, "dist", p);
const PASTE = Array.from({ length: 50_000 }, (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog`).join("\n");

export async function rows(runs) {
  const n = runs || 200;
  const { EditorModel } = await import(dist("lib/tui/editor-model.js"));
  const { EditorView } = await import(dist("lib/tui/editor-view.js"));
  const time = (fn) => {
    const t0 = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const paste = [],
    keystroke = [],
    submit = [];
  for (let i = 0; i < n; i++) {
    const ed = new EditorModel();
    const view = new EditorView(ed, { border: (s) => s, maxRows: () => 10 });
    ed.insert("please review: ");
    paste.push(
      time(() => {
        ed.paste(PASTE);
        view.render(100);
      }),
    );
    keystroke.push(
      time(() => {
        ed.insert("x");
        ed.left();
        ed.left();
        view.render(100);
      }),
    );
    submit.push(
      time(() => {
        if (ed.submit().text.length < PASTE.length) throw new Error("paste lost");
      }),
    );
  }
  const mb = (PASTE.length / 1048576).toFixed(1);
  return [
    { name: `paste ${mb} MB (50k lines) + draw`, n, ...stats(paste), unit: "ms" },
    { name: "keystroke + cursor over marker + draw", n, ...stats(keystroke), unit: "ms" },
    { name: "submit (expand marker)", n, ...stats(submit), unit: "ms" },
  ];
}
