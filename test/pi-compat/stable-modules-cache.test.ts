// The test harness's shared pi-compat modules (test/support/kernel-modules.ts) load their graph
// themselves, whatever Node's require cache holds: a stale entry there (a failed require(esm) of an
// earlier test file in the same worker leaves them, unjs/jiti#346) must not become lib/tui's
// strip-ansi. Seen failing with the loader's jiti module cache on: "_stripAnsi.default is not a function".
import { createRequire } from "node:module";
import { afterEach, expect, it } from "vitest";
import { sharedModules } from "../../compose/shared-modules.js";
import { piCompatAliases, stableModuleLoader } from "../support/kernel-modules.js";

const require = createRequire(import.meta.url);
const stripAnsiFile = require.resolve("strip-ansi", { paths: [new URL("../../lib/tui/", import.meta.url).pathname] });
const before = require.cache[stripAnsiFile];

afterEach(() => {
  if (before) require.cache[stripAnsiFile] = before;
  else delete require.cache[stripAnsiFile];
});

it("pi-tui's text measures styled text with a stale strip-ansi entry in Node's require cache", async () => {
  require.cache[stripAnsiFile] = { id: stripAnsiFile, filename: stripAnsiFile, loaded: true, exports: {} } as NodeJS.Module;
  const aliases = piCompatAliases();
  const tui = stableModuleLoader(await sharedModules(), aliases)(aliases["@mariozechner/pi-tui"] as string) as {
    visibleWidth(text: string): number;
    truncateToWidth(text: string, width: number): string;
  };
  expect(tui.visibleWidth("\x1b[2mCUSTOM\x1b[0m é")).toBe(8);
  expect(tui.truncateToWidth("\x1b[2mabcdef\x1b[0m", 4)).toContain("abc");
});
