import { describe, expect, it } from "vitest";
import type { PluginApi, ToolDef } from "pi-kernel";
import plugin from "../../../plugins/tools-core/index.js";

describe("tools-core plugin", () => {
  it("registers read, bash, edit and write, each ready for the system prompt", async () => {
    const tools: ToolDef[] = [];
    const api = {
      register: { tool: (t: ToolDef) => void tools.push(t) },
      keep: <T>(_key: string, init: () => T) => init(),
      services: { provide: () => {}, has: () => false },
    } as unknown as PluginApi;
    await plugin.setup(api);
    expect(plugin.name).toBe("tools-core");
    expect(tools.map((t) => t.name)).toEqual(["read", "bash", "edit", "write"]);
    for (const tool of tools) {
      expect(tool.label).toBeTruthy();
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.promptSnippet).toMatch(new RegExp(`^${tool.name}: `));
      expect(tool.promptSnippet).not.toContain("\n");
    }
    expect(tools.find((t) => t.name === "bash")!.executionMode).toBeUndefined();
  });
});
