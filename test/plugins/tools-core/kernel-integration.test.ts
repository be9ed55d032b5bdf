// The tools through the real kernel loop: argument preparation, schema validation (with its
// coercion), parallel execution of one batch, and thrown errors becoming isError results.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolResultMessage } from "pi-kernel";
import plugin from "../../../plugins/tools-core/index.js";
import { startKernel } from "../../kernel/harness.js";
import { tempDir } from "./helpers.js";

describe("tools-core in the kernel loop", () => {
  it("runs a parallel batch of legacy-shaped edits, a read and a failing bash", async () => {
    const cwd = await tempDir();
    await writeFile(join(cwd, "f.txt"), "one\ntwo\nthree\n");
    const h = await startKernel([plugin], { cwd });
    h.sim.push(
      {
        toolCalls: [
          { name: "edit", arguments: { path: "f.txt", oldText: "one", newText: "1" } },
          { name: "edit", arguments: { path: "f.txt", edits: JSON.stringify([{ oldText: "three", newText: "3" }]) } },
          { name: "read", arguments: { path: "f.txt", offset: "2", limit: "1" } },
          { name: "bash", arguments: { command: "echo nope; exit 2" } },
        ],
      },
      { text: "done" },
    );
    await h.kernel.actions.prompt("go");
    const results = h.kernel.agent.messages.filter((m) => m.role === "toolResult") as ToolResultMessage[];
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["edit", false],
      ["edit", false],
      ["read", false],
      ["bash", true],
    ]);
    expect(await readFile(join(cwd, "f.txt"), "utf8")).toBe("1\ntwo\n3\n");
    expect(results[3].content).toEqual([{ type: "text", text: "nope\n\nCommand exited with code 2" }]);
    expect(h.sim.requests[0].tools.map((t) => t.name).sort()).toEqual(["bash", "edit", "read", "write"]);
  });
});
