// The /tree view's model without a terminal: order (current branch first), connectors where the
// conversation branches, filter modes, search, folding and branch jumps, label editing.
import { describe, expect, it } from "vitest";
import { Keybindings, KeyParser, labelTime, plainTheme, stripAnsi, type TreeItem, TreeView } from "../../lib/tui/index.js";

const item = (id: string, kind: TreeItem["kind"], text: string, children: TreeItem[] = [], more: Partial<TreeItem> = {}): TreeItem => ({
  id,
  kind,
  text,
  tag: kind === "user" ? "user: " : kind === "assistant" ? "assistant: " : undefined,
  children,
  ...more,
});

/** u1 → a1 → (u2 → a2 → t2 tool result → a3) | (u3 → a4 [labelled]); a model change under a1. */
function sample(): TreeItem[] {
  const branchA = item("u2", "user", "second question", [
    item("a2", "assistant", "calling a tool", [item("t2", "toolResult", "[bash] ok", [item("a3", "assistant", "done with tools")])]),
  ]);
  const branchB = item("u3", "user", "other idea", [item("a4", "assistant", "alternative answer", [], { label: "keep" })]);
  return [
    item("u1", "user", "first question", [
      item("a1", "assistant", "first answer", [item("m1", "settings", "[model: x]", [branchA, branchB])]),
    ]),
  ];
}

function open(leafId = "a4", extra: Partial<ConstructorParameters<typeof TreeView>[0]> = {}) {
  const done: { selected?: string; cancelled?: boolean; labels: [string, string | undefined][] } = { labels: [] };
  const view = new TreeView({
    roots: sample(),
    leafId,
    theme: () => plainTheme,
    keys: new Keybindings(),
    maxVisible: 20,
    onSelect: (id) => {
      done.selected = id;
    },
    onCancel: () => {
      done.cancelled = true;
    },
    onLabel: (id, l) => done.labels.push([id, l]),
    ...extra,
  });
  const parser = new KeyParser();
  const press = (bytes: string) => {
    for (const e of [...parser.feed(bytes), ...parser.flush()]) view.handle(e);
  };
  const screen = () => view.render(100).map((l) => stripAnsi(l).trimEnd());
  const ids = () => view.state.rows.map((r) => r.item.id);
  return { view, press, screen, ids, done };
}

describe("tree view", () => {
  it("lists the current branch first, marks the active path and the leaf, draws connectors at the branch point", () => {
    const { screen, ids, view } = open();
    expect(ids()).toEqual(["u1", "a1", "u3", "a4", "u2", "a2", "t2", "a3"]); // settings hidden by default
    const s = screen();
    expect(s).toContainEqual(expect.stringMatching(/^› {0,2}├─ • user: other idea$|^ {2}├─ • user: other idea$/));
    expect(s).toContainEqual(expect.stringMatching(/^› │ {2}• \[keep\] assistant: alternative answer {2}← you are here$/));
    expect(s).toContainEqual(expect.stringMatching(/^ {2}└─ user: second question$/));
    expect(s).toContainEqual(expect.stringMatching(/^ {5}assistant: calling a tool$/));
    expect(s).toContainEqual(expect.stringMatching(/^ {2}• user: first question$/));
    expect(view.state.selectedId).toBe("a4");
    expect(s.at(-2)).toBe("  (4/8)");
  });

  it("filters: ctrl+t no tools, ctrl+u user only, ctrl+l labelled only, ctrl+a all, ctrl+o cycles, ctrl+d back to default", () => {
    const { press, ids, screen } = open();
    press("\x14");
    expect(ids()).not.toContain("t2");
    expect(screen().at(-2)).toMatch(/\[no-tools\]$/);
    press("\x15");
    expect(ids()).toEqual(["u1", "u3", "u2"]);
    press("\x0c");
    expect(ids()).toEqual(["a4"]);
    press("\x01");
    expect(ids()).toContain("m1");
    press("\x04");
    expect(ids()).toHaveLength(8);
    press("\x0f"); // default → no-tools
    expect(screen().at(-2)).toMatch(/\[no-tools\]$/);
    press("\x0f\x0f\x0f\x0f"); // → user-only → labeled-only → all → default
    expect(ids()).toHaveLength(8);
    press("\x15\x15"); // a second ctrl+u toggles back to default
    expect(ids()).toHaveLength(8);
  });

  it("starts in the treeFilterMode it is given", () => {
    const { ids } = open("a4", { filter: "user-only" });
    expect(ids()).toEqual(["u1", "u3", "u2"]);
  });

  it("searches by typing (all words must match); Esc clears the search, then cancels", () => {
    const { press, ids, screen, done } = open();
    press("other idea");
    expect(ids()).toEqual(["u3"]);
    expect(screen()).toContainEqual("  Type to search: other idea");
    press("\x7f".repeat(10) + "answer");
    expect(ids()).toEqual(["a1", "a4"]);
    press("\x1b");
    expect(done.cancelled).toBeUndefined();
    expect(ids()).toHaveLength(8);
    press("\x1b");
    expect(done.cancelled).toBe(true);
  });

  it("folds a branch with ctrl+left and unfolds with ctrl+right; otherwise they jump between branch starts", () => {
    const { press, ids, view, screen } = open();
    press("\x1b[1;5D"); // on a4 (inside the u3 branch): jump up to the branch start
    expect(view.state.selectedId).toBe("u3");
    press("\x1b[1;5D"); // fold it
    expect(ids()).toEqual(["u1", "a1", "u3", "u2", "a2", "t2", "a3"]);
    expect(screen()).toContainEqual(expect.stringMatching(/⊞ • user: other idea/));
    press("\x1b[1;5C"); // unfold
    expect(ids()).toContain("a4");
    press("\x1b[1;5C"); // jump down to the next branch start
    expect(view.state.selectedId).toBe("u2");
    press("\x1b[1;3D"); // alt+left folds too
    expect(ids()).not.toContain("a2");
  });

  it("moves with up/down (wrapping), pages with left/right, and Enter selects", () => {
    const { press, view, done } = open();
    press("\x1b[A");
    expect(view.state.selectedId).toBe("u3");
    press("\x1b[D"); // page up: to the top
    expect(view.state.selectedId).toBe("u1");
    press("\x1b[A"); // wraps to the bottom
    expect(view.state.selectedId).toBe("a3");
    press("\x1b[B\x1b[C"); // wraps to the top, then a page down to the bottom
    expect(view.state.selectedId).toBe("a3");
    press("\r");
    expect(done.selected).toBe("a3");
  });

  it("edits a label with shift+L (Enter saves, empty removes) and shows label times with shift+T", () => {
    const { press, screen, done } = open();
    press("\x1b[A"); // u3
    press("L");
    expect(screen()).toContainEqual("  Label (empty to remove):");
    press("idea");
    press("\r");
    expect(done.labels).toEqual([["u3", "idea"]]);
    expect(screen()).toContainEqual(expect.stringMatching(/\[idea\] user: other idea/));
    press("T");
    expect(screen()).toContainEqual(expect.stringMatching(/\[idea\] \d\d:\d\d user: other idea/));
    expect(screen().at(-2)).toMatch(/\[\+label time\]$/);
    press("L\x7f\x7f\x7f\x7f\r");
    expect(done.labels.at(-1)).toEqual(["u3", undefined]);
    press("L" + "x\x1b");
    expect(done.labels).toHaveLength(2); // Esc leaves the label as it was
  });

  it("keeps the selection on the nearest shown ancestor when a filter hides it", () => {
    const { press, view } = open();
    press("\x15"); // user only: a4 is hidden, its user message u3 is selected
    expect(view.state.selectedId).toBe("u3");
  });

  it("hides assistant messages that only call tools, unless one is the current leaf", () => {
    const roots = [
      item("u1", "user", "go", [item("a1", "assistant", "[read: x]", [item("t1", "toolResult", "[read] x")], { quiet: true })]),
    ];
    const view = (leafId: string) =>
      new TreeView({
        roots,
        leafId,
        theme: () => plainTheme,
        keys: new Keybindings(),
        maxVisible: 10,
        onSelect() {},
        onCancel() {},
        onLabel() {},
      });
    expect(view("t1").state.rows.map((r) => r.item.id)).toEqual(["u1", "t1"]);
    expect(view("a1").state.rows.map((r) => r.item.id)).toEqual(["u1", "a1", "t1"]);
  });

  it("formats label times as pi does", () => {
    const now = new Date(2026, 10, 21, 15, 0);
    expect(labelTime(new Date(2026, 10, 21, 9, 5).toISOString(), now)).toBe("09:05");
    expect(labelTime(new Date(2026, 2, 7, 14, 5).toISOString(), now)).toBe("3/7 14:05");
    expect(labelTime(new Date(2024, 2, 7, 14, 5).toISOString(), now)).toBe("24/3/7 14:05");
  });
});
