// The modules pi's package names resolve to (plugins/pi-compat/modules): pi-tui components and key
// helpers, pi-ai's StringEnum, pi-coding-agent's helpers, and the alias map pi-compat's manifest declares.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { StringEnum, clampThinkingLevel } from "../../plugins/pi-compat/modules/ai.js";
import {
  createEventBus,
  defineTool,
  isToolCallEventType,
  keyHint,
  parseFrontmatter,
  truncateTail,
} from "../../plugins/pi-compat/modules/coding-agent.js";
import {
  Box,
  Container,
  Input,
  Key,
  Markdown,
  SelectList,
  Spacer,
  Text,
  matchesKey,
  truncateToWidth,
  visibleWidth,
} from "../../plugins/pi-compat/modules/tui.js";
import { piCompatAliases } from "../support/kernel-modules.js";

describe("pi-tui on lib/tui", () => {
  it("draws Text, Box, Spacer and Container with pi-tui's padding rules", () => {
    expect(new Text("hello world", 1, 0).render(8)).toEqual([" hello", " world"]);
    expect(new Text("", 1, 1).render(10)).toEqual([]);
    const box = new Box(2, 1);
    box.addChild(new Text("hi", 0, 0));
    expect(box.render(10)).toEqual(["", "  hi", ""]);
    const c = new Container();
    c.addChild(new Text("a", 0, 0));
    c.addChild(new Spacer(2));
    expect(c.render(5)).toEqual(["a", "", ""]);
    expect(new Markdown("# Title\n\nbody", 0, 0).render(20).join("\n")).toContain("Title");
  });

  it("matches keys and edits input like pi-tui", () => {
    expect(matchesKey("\x03", (Key.ctrl as (k: string) => string)("c"))).toBe(true);
    expect(matchesKey("\r", "enter")).toBe(true);
    expect(matchesKey("a", "enter")).toBe(false);
    const input = new Input();
    let submitted = "";
    input.onSubmit = (v) => {
      submitted = v;
    };
    input.handleInput("hey");
    input.handleInput("\x7f");
    input.handleInput("\r");
    expect(submitted).toBe("he");
    const list = new SelectList(
      [
        { value: "a", label: "Alpha" },
        { value: "b", label: "Beta" },
      ],
      5,
    );
    let chosen = "";
    list.onSelect = (item) => {
      chosen = item.value;
    };
    list.handleInput("\x1b[B");
    list.handleInput("\r");
    expect(chosen).toBe("b");
    expect(visibleWidth("\x1b[31mab\x1b[0m")).toBe(2);
    expect(truncateToWidth("abcdef", 4)).toContain("…");
  });
});

describe("pi-ai and pi-coding-agent helpers", () => {
  it("builds Google-safe string enums and clamps thinking levels", () => {
    expect(StringEnum(["a", "b"] as const, { description: "d" })).toMatchObject({ type: "string", enum: ["a", "b"], description: "d" });
    expect(clampThinkingLevel({ reasoning: false } as never, "high")).toBe("off");
  });

  it("offers the helpers extensions call at run time", () => {
    const tool = { name: "t" };
    expect(defineTool(tool)).toBe(tool);
    expect(isToolCallEventType("bash", { toolName: "bash" })).toBe(true);
    expect(keyHint("app.tools.expand", "expand")).toBe("ctrl+o expand");
    expect(parseFrontmatter("---\nmodel: x\n---\nbody\n")).toEqual({ frontmatter: { model: "x" }, body: "body\n" });
    expect(truncateTail("1\n2\n3", { maxLines: 2 })).toMatchObject({ content: "2\n3", truncated: true, truncatedBy: "lines" });
    const errors: unknown[] = [];
    const bus = createEventBus((_c, e) => errors.push(e));
    const seen: unknown[] = [];
    bus.on("x", (d) => seen.push(d));
    bus.on("x", () => {
      throw new Error("listener broke");
    });
    bus.emit("x", 1);
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });

  it("maps every pi package name (both scopes) and typebox to existing files", () => {
    const aliases = piCompatAliases();
    for (const name of [
      "@mariozechner/pi-coding-agent",
      "@earendil-works/pi-tui",
      "@mariozechner/pi-ai/compat",
      "@earendil-works/pi-agent-core",
      "typebox",
      "typebox/value",
      "@sinclair/typebox/compiler",
    ]) {
      expect(existsSync(aliases[name]), name).toBe(true);
    }
  });
});
