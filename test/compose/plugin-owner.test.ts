// Which plugin a stack belongs to (compose/plugin-owner.ts), for a compiled built-in: its frames
// name its dist/ file when it runs as an ES module and its copy in the start-up image
// (dist/image/plugins/<x>/index.cjs) when the CLI runs the image. A real kernel loads the plugin.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { imageCopy } from "../../compose/compiled-modules.js";
import { ownerOnStack } from "../../compose/plugin-owner.js";
import { createKernel, type PluginSource } from "../../kernel/index.js";

async function kernelWithBuiltin() {
  const root = mkdtempSync(join(tmpdir(), "pik-owner-"));
  const compiled = join(root, "dist", "plugins", "owned", "index.js");
  mkdirSync(join(root, "dist", "plugins", "owned"), { recursive: true });
  writeFileSync(compiled, 'export default { name: "owned", setup() {} };\n');
  const source: PluginSource = {
    file: join(root, "plugins", "owned", "index.ts"),
    root: join(root, "plugins", "owned"),
    origin: "package",
    compiled,
  };
  const kernel = createKernel({ cwd: root, agentDir: join(root, "agent"), discover: async () => [source] });
  await kernel.start();
  return { root, kernel, source };
}

const stackAt = (frame: string) => `Error: stray\n    at tick (${frame}:1:200)\n    at listOnTimeout (node:internal/timers:581:17)`;

describe("the owner of a stack", () => {
  it("is the built-in whose dist file or image copy the innermost frame is in", async () => {
    const { root, kernel, source } = await kernelWithBuiltin();
    try {
      const esm = ownerOnStack(stackAt(source.compiled!), kernel, [source], true);
      const image = ownerOnStack(stackAt(join(root, "dist", "image", "plugins", "owned", "index.cjs")), kernel, [source], true);
      expect(esm?.name).toBe("owned");
      expect(image?.name).toBe("owned");
      // Elsewhere in the image (a shared chunk) no plugin is named; without `builtins`, built-ins never are.
      expect(ownerOnStack(stackAt(join(root, "dist", "image", "chunks", "run.cjs")), kernel, [source], true)).toBeUndefined();
      expect(ownerOnStack(stackAt(join(root, "dist", "image", "plugins", "owned", "index.cjs")), kernel, [source])).toBeUndefined();
    } finally {
      await kernel.stop();
    }
  });

  it("maps a dist/ path to its image copy, the last dist/ segment only", () => {
    expect(imageCopy(join("/a", "dist", "b", "dist", "plugins", "x"))).toBe(join("/a", "dist", "b", "dist", "image", "plugins", "x"));
    expect(imageCopy(join("/a", "lib", "x"))).toBe(join("/a", "lib", "x"));
  });
});
