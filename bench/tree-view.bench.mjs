// The /tree view on a long, branched session (10,000 entries, a branch every 50): opening it
// (order + first layout + first draw), one search keystroke (relayout + draw), and one cursor move.
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "tree view: 10,000-entry session";

const dist = (p) => join(ROOT, "dist", p);

/** A chain of user/assistant pairs; every 50th entry also starts a short side branch. */
function session(size) {
  const roots = [];
  let parent;
  let leaf;
  for (let i = 0; i < size; i++) {
    const user = i % 2 === 0;
    const item = {
      id: `e${i}`,
      kind: user ? "user" : "assistant",
      tag: user ? "user: " : "assistant: ",
      text: `message ${i} about the cache design and its eviction policy`,
      children: [],
    };
    (parent ? parent.children : roots).push(item);
    if (i % 50 === 0 && parent) parent.children.push({ id: `side${i}`, kind: "user", tag: "user: ", text: `side idea ${i}`, children: [] });
    parent = item;
    leaf = item.id;
  }
  return { roots, leaf };
}

export async function rows(runs) {
  const n = runs || 20;
  const { TreeView } = await import(dist("lib/tui/tree-view.js"));
  const { Keybindings } = await import(dist("lib/tui/keybindings.js"));
  const { plainTheme } = await import(dist("lib/tui/plain-theme.js"));
  const keys = new Keybindings();
  const key = (name, text) => ({ type: "key", key: { name, ctrl: false, alt: false, shift: false, text } });
  const time = (fn) => {
    const t0 = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const open = [],
    search = [],
    move = [];
  for (let i = 0; i < n; i++) {
    const { roots, leaf } = session(10_000);
    let view;
    open.push(
      time(() => {
        view = new TreeView({
          roots,
          leafId: leaf,
          theme: () => plainTheme,
          keys,
          maxVisible: 20,
          onSelect() {},
          onCancel() {},
          onLabel() {},
        });
        view.render(120);
      }),
    );
    search.push(
      time(() => {
        view.handle(key("c", "c"));
        view.render(120);
      }),
    );
    move.push(
      time(() => {
        view.handle(key("up"));
        view.render(120);
      }),
    );
  }
  return [
    { name: "open /tree (order, layout, draw)", n, ...stats(open), unit: "ms" },
    { name: "search keystroke (relayout + draw)", n, ...stats(search), unit: "ms" },
    { name: "cursor move + draw", n, ...stats(move), unit: "ms" },
  ];
}
