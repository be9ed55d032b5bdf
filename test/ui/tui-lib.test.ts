// lib/tui: key parsing, keybindings, the editor model, ANSI-aware text, the differential renderer
// (checked in a virtual terminal) and markdown with highlighted code.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import xterm from "@xterm/headless";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Container,
  EditorModel,
  InlineRenderer,
  type InputEvent,
  Keybindings,
  keyId,
  KeyParser,
  Lines,
  loadKeybindings,
  MarkdownRenderer,
  plainTheme,
  StreamTerminal,
  stripAnsi,
  type Theme,
  truncateToWidth,
  visibleWidth,
  wrapText,
} from "../../lib/tui/index.js";

const ids = (events: InputEvent[]) => events.map((e) => (e.type === "paste" ? `paste:${e.text}` : keyId(e.key)));

describe("keys", () => {
  it("parses control keys, Alt, CSI with modifiers, Kitty CSI u, modifyOtherKeys and SS3", () => {
    const p = new KeyParser();
    expect(ids(p.feed("a\r\x03\x1bb\x1b[A\x1b[1;5C\x1b[13;2u\x1b[112;6u\x1b[27;3;13~\x1bOP\x1b[3~\x1b[Z\x1f"))).toEqual([
      "a",
      "enter",
      "ctrl+c",
      "alt+b",
      "up",
      "ctrl+right",
      "shift+enter",
      "ctrl+shift+p",
      "alt+enter",
      "f1",
      "delete",
      "shift+tab",
      "ctrl+-",
    ]);
    expect(ids(p.feed("\x1b\x1b[A"))).toEqual(["alt+up"]);
    expect(ids(p.feed("\x1b[1;3A"))).toEqual(["alt+up"]);
  });

  it("keeps bracketed paste whole across chunks and waits on a lone ESC", () => {
    const p = new KeyParser();
    expect(p.feed("\x1b[200~line 1\r\nli")).toEqual([]);
    expect(ids(p.feed("ne 2\x1b[201~x"))).toEqual(["paste:line 1\nline 2", "x"]);
    expect(p.feed("\x1b")).toEqual([]);
    expect(p.pending).toBe(true);
    expect(ids(p.flush())).toEqual(["escape"]);
    expect(ids(p.feed("\x1b["))).toEqual([]);
    expect(ids(p.feed("B"))).toEqual(["down"]);
  });

  it("keybindings: pi's ids and defaults, overrides from keybindings.json, old ids migrated", () => {
    const dir = mkdtempSync(join(tmpdir(), "pik-keys-"));
    try {
      writeFileSync(join(dir, "keybindings.json"), JSON.stringify({ "app.tools.expand": "Ctrl+E", cursorUp: ["up", "ctrl+k"] }));
      const k = loadKeybindings(join(dir, "keybindings.json"));
      const key = (name: string, mods: Partial<Record<"ctrl" | "alt" | "shift", boolean>> = {}) => ({
        name,
        ctrl: false,
        alt: false,
        shift: false,
        ...mods,
      });
      expect(k.matches(key("e", { ctrl: true }), "app.tools.expand")).toBe(true);
      expect(k.matches(key("o", { ctrl: true }), "app.tools.expand")).toBe(false);
      expect(k.matches(key("k", { ctrl: true }), "tui.editor.cursorUp")).toBe(true);
      expect(new Keybindings().keys("app.model.cycleBackward")).toEqual(["ctrl+shift+p"]);
      writeFileSync(join(dir, "keybindings.json"), "{ nope");
      expect(loadKeybindings(join(dir, "keybindings.json")).problems[0]).toMatch(/keybindings\.json.*default keys/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("editor model", () => {
  it("moves by words, kills into a ring, yanks and yank-pops, and undoes", () => {
    const e = new EditorModel();
    e.insert("one two-three four");
    e.wordLeft();
    expect(e.col).toBe(14);
    e.wordLeft();
    expect(e.col).toBe(8);
    e.wordLeft();
    expect(e.col).toBe(7); // the "-" is a run of its own
    e.lineEnd();
    e.deleteWordBackward(); // kills "four"
    e.deleteWordBackward(); // kills "three " (spaces, then the word before them)
    expect(e.getText()).toBe("one two-");
    e.yank();
    expect(e.getText()).toBe("one two-three ");
    e.yankPop();
    expect(e.getText()).toBe("one two-four");
    e.undo();
    expect(e.getText()).toBe("one two-three ");
    e.lineStart();
    e.deleteToLineEnd();
    expect(e.getText()).toBe("");
  });

  it("handles multiple lines, backspace across lines and history browsing with the draft kept", () => {
    const e = new EditorModel();
    e.remember("first");
    e.remember("second");
    e.insert("dra");
    e.insert("ft");
    expect(e.browseHistory(-1)).toBe(true);
    expect(e.getText()).toBe("second");
    e.browseHistory(-1);
    expect(e.getText()).toBe("first");
    e.browseHistory(1);
    e.browseHistory(1);
    expect(e.getText()).toBe("draft");
    e.newLine();
    e.insert("x");
    expect(e.lines).toEqual(["draft", "x"]);
    e.lineStart();
    e.backspace();
    expect(e.lines).toEqual(["draftx"]);
    e.undo();
    expect(e.lines).toEqual(["draft", "x"]);
  });
});

describe("text", () => {
  it("measures wide characters and ignores escapes; truncates and wraps keeping styles", () => {
    expect(visibleWidth("日本")).toBe(4);
    expect(visibleWidth("\x1b[31mred\x1b[39m")).toBe(3);
    const cut = truncateToWidth("\x1b[31mabcdefgh\x1b[39m", 5);
    expect(stripAnsi(cut)).toBe("abcd…");
    expect(cut.startsWith("\x1b[31m")).toBe(true);
    expect(wrapText("aaaa bbbb cccc", 9).map(stripAnsi)).toEqual(["aaaa bbbb", "cccc"]);
  });
});

describe("component tree", () => {
  it("nested containers reuse unchanged lines and report how many stayed the same", () => {
    // Leaf components return the same array until they change, like cached views do.
    const leaf = (lines: string[]) => {
      let cur = lines;
      return {
        set: (l: string[]) => {
          cur = l;
        },
        render: () => cur,
      };
    };
    const a = leaf(["a1", "a2"]),
      b = leaf(["b1"]),
      c = leaf(["c1", "c2"]),
      d = leaf(["d1"]);
    const inner = new Container();
    inner.add(a);
    inner.add(b);
    inner.add(c);
    const root = new Container();
    root.add(inner);
    root.add(d);
    const flat = () => [a, b, c].flatMap((x) => x.render()).concat(d.render());
    expect(root.render(80)).toEqual(flat());
    const same = root.render(80);
    expect(root.render(80)).toBe(same);
    expect(root.unchangedPrefix).toBe(6);
    c.set(["c1", "c2", "c3"]);
    expect(root.render(80)).toEqual(flat());
    expect(root.unchangedPrefix).toBe(3); // a1 a2 b1 kept; c changed
    b.set([]);
    inner.remove(c);
    inner.add(leaf(["e1"]));
    expect(root.render(80)).toEqual(["a1", "a2", "e1", "d1"]);
    d.set(["d2"]);
    expect(root.render(80)).toEqual(["a1", "a2", "e1", "d2"]);
    expect(root.unchangedPrefix).toBe(3);
    expect(root.render(40)).toEqual(["a1", "a2", "e1", "d2"]);
    expect(root.unchangedPrefix).toBe(0); // a new width starts over
  });

  it("a child drawing afresh every frame (new array, same lines) does not make what follows it count as changed", () => {
    // Like a Lines row or a slot: a new array on every call. Above a long transcript, a frame where
    // only the editor changed must keep the transcript's lines and say so.
    const transcript = new Container();
    transcript.add({ render: () => [] }); // an empty slot
    const history = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    transcript.add({ render: () => history });
    transcript.add(new Lines(() => ["working…"]));
    let editor = "> a";
    const root = new Container();
    root.add(transcript);
    root.add(new Lines(() => [editor]));
    const first = root.render(80);
    expect(first).toEqual([...history, "working…", "> a"]);
    expect(root.render(80)).toBe(first);
    editor = "> ab";
    expect(root.render(80)).toEqual([...history, "working…", "> ab"]);
    expect(root.unchangedPrefix).toBe(501);
  });

  it("renders the concatenation of its children whatever they return, and never claims a changed line unchanged", () => {
    const lineSets = fc.array(fc.constantFrom("a", "b", "c", "dd"), { maxLength: 4 });
    // Each step: which child, and whether it returns the same array, a fresh copy, or new lines.
    const step = fc.record({ child: fc.nat(5), how: fc.constantFrom("same", "copy", "new"), lines: lineSets });
    fc.assert(
      fc.property(fc.array(lineSets, { minLength: 6, maxLength: 6 }), fc.array(step, { maxLength: 20 }), (initial, steps) => {
        const current = initial.map((l) => [...l]);
        const leaf = (i: number) => ({ render: () => current[i] });
        const inner = new Container();
        for (const i of [0, 1, 2]) inner.add(leaf(i));
        const root = new Container();
        root.add(leaf(3));
        root.add(inner);
        root.add(leaf(4));
        root.add(leaf(5));
        const flat = () => [3, 0, 1, 2, 4, 5].flatMap((i) => current[i]);
        let before = root.render(80).slice();
        for (const s of steps) {
          if (s.how === "copy") current[s.child] = [...current[s.child]];
          if (s.how === "new") current[s.child] = [...s.lines];
          const now = root.render(80);
          expect(now).toEqual(flat());
          expect(now.slice(0, root.unchangedPrefix)).toEqual(before.slice(0, root.unchangedPrefix));
          before = now.slice();
        }
      }),
    );
  });
});

describe("inline renderer", () => {
  function setup(rows = 10, cols = 40) {
    const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    let log = "";
    let pending: Promise<void> = Promise.resolve();
    const stream = new StreamTerminal(
      {
        write: (d: string) => {
          log += d;
          pending = new Promise((r) => term.write(d, r));
        },
      },
      cols,
      rows,
    );
    let lines: string[] = [];
    const root = new Container();
    root.add(new Lines(() => lines));
    const r = new InlineRenderer(stream, root);
    return {
      r,
      stream,
      set: (next: string[]) => {
        lines = next;
      },
      take: () => {
        const out = log;
        log = "";
        return out;
      },
      async screen() {
        await pending;
        const b = term.buffer.active;
        return Array.from({ length: term.rows }, (_, i) => b.getLine(b.viewportY + i)!.translateToString(true));
      },
    };
  }

  it("rewrites only changed lines, in synchronized frames, and appends below", async () => {
    const t = setup();
    t.set(["a", "b", "c"]);
    t.r.start();
    t.take();
    t.set(["a", "B", "c"]);
    t.r.render();
    const frame = t.take();
    expect(frame.startsWith("\x1b[?2026h") && frame.endsWith("\x1b[?2026l")).toBe(true);
    expect(stripAnsi(frame).replace(/\r/g, "")).toBe("B");
    t.set(["a", "B", "c", "d"]);
    t.r.render();
    expect(stripAnsi(t.take()).replace(/\r/g, "")).toBe("c\nd");
    t.set(["a", "B", "c", "d"]);
    t.r.render();
    expect(t.take()).toBe(""); // nothing changed, nothing written
    expect((await t.screen()).slice(0, 4)).toEqual(["a", "B", "c", "d"]);
    t.set(["a", "B"]);
    t.r.render();
    expect((await t.screen()).slice(0, 4)).toEqual(["a", "B", "", ""]);
    expect(t.r.stats.fullRedraws).toBe(0);
  });

  it("repaints the screen (never clearing scrollback) when a change lies above it, and on resize", async () => {
    const t = setup(5);
    const many = Array.from({ length: 12 }, (_, i) => `line ${i}`);
    t.set(many);
    t.r.start();
    expect(await t.screen()).toEqual(["line 7", "line 8", "line 9", "line 10", "line 11"]);
    t.set(["changed 0", ...many.slice(1, 11), "line 11!"]);
    t.r.render();
    expect(t.r.stats.fullRedraws).toBe(1);
    expect(await t.screen()).toEqual(["line 7", "line 8", "line 9", "line 10", "line 11!"]);
    t.set(many.map((l) => l + "."));
    t.stream.resize(30, 5);
    t.r.render();
    expect(t.r.stats.fullRedraws).toBe(2);
    expect(t.take()).not.toContain("\x1b[3J");
  });

  it("cuts lines wider than the terminal so the line count stays exact", async () => {
    const t = setup(5, 10);
    t.set(["0123456789abcdef", "next"]);
    t.r.start();
    expect((await t.screen()).slice(0, 2)).toEqual(["012345678…", "next"]);
  });
});

describe("markdown", () => {
  const theme: Theme = { ...plainTheme, name: "tagged", fg: (token, text) => `<${token}>${text}</>` };

  it("draws headings, lists, quotes, inline code and highlighted code blocks in theme tokens", () => {
    const md = new MarkdownRenderer(() => theme);
    // Wide, because the tags this test theme adds count as visible text.
    const out = md.render("# Title\n\n- item `x`\n\n> quoted\n\n```js\nconst n = 42; // note\n```", 500).join("\n");
    expect(out).toContain("<mdHeading>");
    expect(out).toContain("<mdListBullet>- </>item <mdCode>x</>");
    expect(out).toContain("<mdQuoteBorder>│ </>");
    expect(out).toContain("<syntaxKeyword>const</>");
    expect(out).toContain("<syntaxNumber>42</>");
    expect(out).toContain("<syntaxComment>// note</>");
  });

  it("re-draws only the last block while a message streams", () => {
    let calls = 0;
    const counting: Theme = {
      ...theme,
      fg: (token, text) => {
        calls++;
        return theme.fg(token, text);
      },
    };
    const md = new MarkdownRenderer(() => counting);
    md.render("```js\nlet a = 1;\n```\n\nstreaming", 60);
    calls = 0;
    md.render("```js\nlet a = 1;\n```\n\nstreaming more", 60);
    expect(calls).toBe(0); // the code block came from the cache; the paragraph has no colours
  });
});
