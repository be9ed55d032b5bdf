// The fixed cost of every request: the default system prompt plus the default tools' definitions
// (name, description, JSON schema) must stay under 1,000 tokens (chars / 4). The figure is printed
// so it can be tracked; bench/tools.bench.mjs reports it too.
import { describe, expect, it } from "vitest";
import contextFiles from "../../../plugins/context-files/index.js";
import hashline from "../../../plugins/tool-hashline-edit/index.js";
import systemPrompt from "../../../plugins/system-prompt/index.js";
import toolsCore from "../../../plugins/tools-core/index.js";
import fsSearch from "../../../plugins/tools-fs-search/index.js";
import { startKernel } from "../../kernel/harness.js";
import { tempDir } from "../tools-core/helpers.js";

describe("system prompt budget", () => {
  it("default prompt + the four default tool definitions < 1,000 tokens", async () => {
    const cwd = await tempDir();
    const h = await startKernel([toolsCore, fsSearch, hashline, systemPrompt, contextFiles], { cwd });
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("hi");
    const request = h.sim.requests[0];
    const tools = request.tools ?? [];
    expect(tools.map((t) => t.name).sort()).toEqual(["bash", "edit", "read", "write"]);
    const toolChars = JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))).length;
    const promptChars = request.systemPrompt.length;
    const tokens = Math.ceil((promptChars + toolChars) / 4);
    console.log(`prompt budget: system prompt ${promptChars} chars + tool definitions ${toolChars} chars = ~${tokens} tokens (limit 1000)`);
    expect(tokens).toBeLessThan(1000);
    await h.kernel.stop();
  });
});
