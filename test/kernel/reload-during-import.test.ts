// A save while a reload is importing another file is not lost. The host used to clear its set of
// changed files at the end of an import pass, so a file saved meanwhile was dropped; and a pass
// overtaken by a newer request dropped its own files too. Now a pass forgets only what it committed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { type Harness, startKernel, until } from "./harness.js";

const tool = (name: string, text: string, slow = false) => `
import { definePlugin, Type } from "pi-kernel";
${slow ? "globalThis.__importing = true; await globalThis.__gate;" : ""}
export default definePlugin({ name: "${name}", setup(api) {
  api.register.tool({ name: "${name}", description: "d", parameters: Type.Object({}),
    async execute() { return { content: [{ type: "text", text: "${text}" }] }; } });
} });
`;

const g = globalThis as { __gate?: Promise<void>; __importing?: boolean };
let h: Harness | undefined;
let cwd: string | undefined;
afterEach(async () => {
  await h?.kernel.stop();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
  h = cwd = undefined;
});

it("a file saved while another one is being imported is loaded, and so is the other one", async () => {
  cwd = mkdtempSync(join(tmpdir(), "pik-reload-import-"));
  const dir = join(cwd, ".pi", "extensions");
  mkdirSync(dir, { recursive: true });
  const slow = join(dir, "slow.ts");
  const fast = join(dir, "fast.ts");
  g.__gate = Promise.resolve();
  writeFileSync(slow, tool("slow", "s1", true));
  writeFileSync(fast, tool("fast", "f1"));
  h = await startKernel([], { cwd, noDiscovery: false });
  const text = async (name: string) => {
    const result = await h!.kernel.host.current.registry.get("tool", name)?.execute("id", {}, undefined as never, () => {}, {} as never);
    return (result?.content[0] as { text: string } | undefined)?.text;
  };
  expect(await text("fast")).toBe("f1");

  let release!: () => void;
  g.__gate = new Promise<void>((r) => {
    release = r;
  });
  g.__importing = false;
  writeFileSync(slow, tool("slow", "s2", true));
  const first = h.kernel.host.reload([slow]);
  await until(() => g.__importing === true, "the slow file's import to start");
  writeFileSync(fast, tool("fast", "f2"));
  const second = h.kernel.host.reload([fast]);
  release();
  await Promise.all([first, second]);
  expect(await text("slow")).toBe("s2");
  expect(await text("fast")).toBe("f2");
});
