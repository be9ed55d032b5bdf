// pi-tui's and pi-coding-agent's components in pi-compat, drawn into lines at a width and driven
// by raw terminal input, as extensions use them.
import { describe, expect, it } from "vitest";
import {
  BorderedLoader,
  CustomEditor,
  KeybindingsManager,
  truncateToVisualLines,
} from "../../plugins/pi-compat/modules/coding-agent-ui.js";
import {
  Editor,
  Image,
  SettingsList,
  fuzzyFilter,
  fuzzyMatch,
  getPngDimensions,
  setCapabilities,
  stripTerminalSequences,
} from "../../plugins/pi-compat/modules/tui.js";

const PNG_1x2 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAACCAYAAACZgbYnAAAAEUlEQVR4nGP4z8DAwMDAwAAAGwsC/mDjYfcAAAAASUVORK5CYII=";
const plainTheme = {
  label: (t: string, on: boolean) => (on ? `[${t}]` : t),
  value: (t: string) => t,
  description: (t: string) => t,
  cursor: "> ",
  hint: (t: string) => t,
};

describe("pi-tui in pi-compat", () => {
  it("fuzzy-matches as pi-tui: lower is better, tokens must all match, digits may swap", () => {
    expect(fuzzyMatch("abc", "abc").score).toBeLessThan(fuzzyMatch("abc", "a-b-c").score);
    expect(fuzzyMatch("xyz", "abc").matches).toBe(false);
    expect(fuzzyMatch("v2", "2v-model").matches).toBe(true);
    const items = ["git commit", "git checkout", "grep"];
    expect(fuzzyFilter(items, "git co", (s) => s)).toEqual(["git commit", "git checkout"]);
    expect(fuzzyFilter(items, "  ", (s) => s)).toBe(items);
  });

  it("SettingsList cycles values with Enter, moves with arrows and cancels with Escape", () => {
    const changes: string[] = [];
    let cancelled = false;
    const list = new SettingsList(
      [
        { id: "theme", label: "Theme", currentValue: "dark", values: ["dark", "light"], description: "Colours" },
        { id: "images", label: "Images", currentValue: "on", values: ["on", "off"] },
      ],
      5,
      plainTheme,
      (id, v) => changes.push(`${id}=${v}`),
      () => {
        cancelled = true;
      },
    );
    expect(list.render(40).slice(0, 2)).toEqual(["> [Theme ]  dark", "  Images  on"]);
    list.handleInput("\r");
    list.handleInput("\x1b[B");
    list.handleInput(" ");
    list.handleInput("\x1b");
    expect(changes).toEqual(["theme=light", "images=off"]);
    expect(cancelled).toBe(true);
    expect(list.render(40)[0]).toBe("  Theme   light");
  });

  it("Editor edits, submits on Enter and keeps Shift+Enter as a newline; CustomEditor routes Escape and actions", () => {
    const submitted: string[] = [];
    const editor = new Editor(undefined, { borderColor: (t) => t });
    editor.onSubmit = (t) => submitted.push(t);
    editor.handleInput("hello");
    editor.handleInput("\x1b[13;2u"); // Shift+Enter (Kitty protocol)
    editor.handleInput("world\x7f");
    expect(editor.getLines()).toEqual(["hello", "worl"]);
    const lines = editor.render(20);
    expect(lines[0]).toBe("─".repeat(20));
    expect(stripTerminalSequences(lines[1])).toBe("hello");
    editor.handleInput("\r");
    expect(submitted).toEqual(["hello\nworl"]);
    expect(editor.getText()).toBe("");

    const custom = new CustomEditor(
      undefined,
      { borderColor: (t) => t },
      new KeybindingsManager(undefined, { "app.custom.thing": "ctrl+g" }),
    );
    let escaped = 0;
    let acted = 0;
    custom.onEscape = () => escaped++;
    custom.onAction("app.custom.thing", () => acted++);
    custom.handleInput("\x1b");
    custom.handleInput("\x07");
    custom.handleInput("x");
    expect([escaped, acted, custom.getText()]).toEqual([1, 1, "x"]);
  });

  it("Image reads PNG sizes and falls back to text without image support; BorderedLoader aborts on Escape", () => {
    expect(getPngDimensions(PNG_1x2)).toEqual({ widthPx: 1, heightPx: 2 });
    setCapabilities({ images: null, trueColor: false, hyperlinks: false });
    expect(new Image(PNG_1x2, "image/png", { fallbackColor: (s) => s }, { filename: "a.png" }).render(40)).toEqual([
      "[Image: a.png [image/png] 1x2]",
    ]);
    const loader = new BorderedLoader(undefined, undefined, "Working");
    let aborted = false;
    loader.onAbort = () => {
      aborted = true;
    };
    const drawn = loader.render(10);
    expect(drawn[0]).toBe("─".repeat(10));
    expect(drawn.join("\n")).toContain("Working");
    loader.handleInput("\x1b");
    expect([aborted, loader.signal.aborted]).toEqual([true, true]);
    loader.dispose();
    expect(truncateToVisualLines("a\nb\nc\nd", 2, 10)).toEqual({ visualLines: ["c", "d"], skippedCount: 2 });
  });
});
