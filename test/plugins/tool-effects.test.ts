// What a tool declares, where it is decided: MCP annotations to effects (every combination the
// spec allows), the /tree lead-in of a call from its tool's effect and paths, and pi-compat: pi's
// tool factories keep the built-ins' effects, a third-party pi tool keeps an effect it declares
// and is "other" when it declares none or one the kernel does not know.
import type { ToolDef } from "pi-kernel";
import { describe, expect, it } from "vitest";
import { mcpEffect } from "../../plugins/mcp/tools.js";
import * as pi from "../../plugins/pi-compat/modules/coding-agent.js";
import { adaptTool } from "../../plugins/pi-compat/tools.js";
import { toolCallLabel } from "../../plugins/session-commands/tree-items.js";

describe("MCP annotations", () => {
  it("map to an effect: read-only reads (or fetches from the open world), destructive local edits, none is other", () => {
    expect(mcpEffect(undefined)).toBe("other");
    expect(mcpEffect({})).toBe("other");
    expect(mcpEffect({ readOnlyHint: true, openWorldHint: false })).toBe("read");
    expect(mcpEffect({ readOnlyHint: true })).toBe("read");
    expect(mcpEffect({ readOnlyHint: true, openWorldHint: true })).toBe("fetch");
    expect(mcpEffect({ destructiveHint: true, openWorldHint: false })).toBe("edit");
    expect(mcpEffect({ destructiveHint: true })).toBe("other");
    expect(mcpEffect({ destructiveHint: true, openWorldHint: true })).toBe("other");
    expect(mcpEffect({ openWorldHint: true })).toBe("fetch");
    expect(mcpEffect({ idempotentHint: true })).toBe("other");
  });

  it("never call a tool that is not marked read-only a read (all 81 combinations of the four hints)", () => {
    const values = [true, false, undefined];
    for (const readOnlyHint of values)
      for (const destructiveHint of values)
        for (const openWorldHint of values)
          for (const idempotentHint of values) {
            const effect = mcpEffect({ readOnlyHint, destructiveHint, openWorldHint, idempotentHint });
            if (readOnlyHint === true) expect(["read", "fetch"]).toContain(effect);
            else expect(["edit", "fetch", "other"]).toContain(effect);
          }
  });
});

describe("the /tree lead-in of a tool call", () => {
  const declared = (effect: ToolDef["effect"], paths?: ToolDef["paths"]) =>
    ({ name: "x", description: "", parameters: {}, effect, paths, execute: async () => ({ content: [] }) }) as unknown as ToolDef;

  it("comes from what the tool declares, for a third-party tool as for a built-in", () => {
    const patch = declared("edit", (p: { file: string }) => [p.file]);
    expect(toolCallLabel("patch_file", { file: "src/a.ts", line: "x" }, patch)).toBe("[patch_file: src/a.ts]");
    const run = declared("execute");
    expect(toolCallLabel("run", { command: "npm   test\n-- -u" }, run)).toBe("[run: npm test -- -u]");
    expect(toolCallLabel("run", { command: "x".repeat(60) }, run)).toBe(`[run: ${"x".repeat(50)}...]`);
    const search = declared("search", (p: { path?: string }) => [p.path || "."]);
    expect(toolCallLabel("lookup", { pattern: "TODO" }, search)).toBe("[lookup: TODO in .]");
    // Declares nothing, or is gone from the registry: its arguments stand for it.
    expect(toolCallLabel("scribble", { file: "src/a.ts" }, declared(undefined))).toBe('[scribble: {"file":"src/a.ts"}]');
    expect(toolCallLabel("edit", { path: "a.ts" }, undefined)).toBe('[edit: {"path":"a.ts"}]');
    const broken = declared("edit", () => {
      throw new Error("bad");
    });
    expect(toolCallLabel("broken", { a: 1 }, broken)).toBe('[broken: {"a":1}]');
  });
});

describe("pi-compat", () => {
  it("pi's tool factories keep the built-ins' effects and paths", () => {
    const cwd = "/tmp";
    const tools = [
      pi.createReadTool(cwd),
      pi.createWriteTool(cwd),
      pi.createEditTool(cwd),
      pi.createBashTool(cwd),
      pi.createGrepTool(cwd),
      pi.createFindTool(cwd),
      pi.createLsTool(cwd),
    ];
    expect(tools.map((t) => [t.name, t.effect])).toEqual([
      ["read", "read"],
      ["write", "edit"],
      ["edit", "edit"],
      ["bash", "execute"],
      ["grep", "search"],
      ["find", "search"],
      ["ls", "read"],
    ]);
    expect(tools[2]!.paths?.({ path: "src/a.ts" })).toEqual(["src/a.ts"]);
    expect(tools[4]!.paths?.({})).toEqual(["."]);
    expect(adaptTool(pi.createEditToolDefinition(cwd) as unknown as Record<string, unknown>, () => ({})).effect).toBe("edit");
  });

  it("a third-party pi tool keeps an effect it declares; none, or one the kernel does not know, is other", () => {
    const tool = (extra: Record<string, unknown>) =>
      adaptTool({ name: "t", description: "", parameters: {}, execute: async () => ({ content: [] }), ...extra }, () => ({}));
    const patch = tool({ effect: "edit", paths: (p: { file: string }) => [p.file] });
    expect(patch.effect).toBe("edit");
    expect(patch.paths?.({ file: "a.ts" } as never)).toEqual(["a.ts"]);
    expect(tool({}).effect).toBeUndefined();
    expect(tool({ effect: "delete", paths: "not a function" })).toMatchObject({ effect: undefined, paths: undefined });
  });
});
