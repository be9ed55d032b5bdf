// A package that declares a Node engine above the running one is named at start-up (issue 39 §6):
// pi-compat reads each package of the run (the package-resources service's origins) and warns once; a satisfied range, a broken manifest or none at all says nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { definePlugin } from "../../kernel/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import { type Harness, startKernel } from "../kernel/harness.js";

let h: Harness | undefined;
let dir: string;
afterEach(async () => {
  await h?.kernel.stop();
  rmSync(dir, { recursive: true, force: true });
});

function pkg(name: string, manifest: string): string {
  const base = join(dir, name);
  mkdirSync(base, { recursive: true });
  writeFileSync(join(base, "package.json"), manifest);
  return base;
}

it("warns once, naming the package, when its engines.node is above the running Node", async () => {
  dir = mkdtempSync(join(tmpdir(), "pik-engines-"));
  const origins = [
    pkg("ctx", JSON.stringify({ name: "context-mode", engines: { node: ">=99.0.0" } })),
    pkg("fine", JSON.stringify({ name: "fine", engines: { node: ">=18" } })),
    pkg("none", JSON.stringify({ name: "none" })),
    pkg("broken", "{ not json"),
    pkg("odd", JSON.stringify({ name: "odd", engines: { node: "not a range" } })),
  ].map((baseDir) => ({ baseDir, source: `npm:${baseDir}`, scope: "user" as const }));
  const resources = definePlugin({
    name: "resources",
    provides: ["package-resources"],
    setup(api) {
      api.services.provide("package-resources", { skills: [], prompts: [], themes: [], origins });
    },
  });
  h = await startKernel([resources, piCompat], { cwd: dir });
  const warnings = () => h!.diagnostics.filter((d) => d.code === "node-engine");
  expect(warnings()).toHaveLength(1);
  expect(warnings()[0]).toMatchObject({ level: "warning", where: join(dir, "ctx", "package.json") });
  expect(warnings()[0]!.message).toMatch(
    new RegExp(
      `package context-mode needs Node >=99\\.0\\.0 \\(its engines\\.node\\) and this is Node ${process.versions.node.replaceAll(".", "\\.")}`,
    ),
  );
});

it("names the package of an extension given with -e (a folder that is no installed package)", async () => {
  dir = mkdtempSync(join(tmpdir(), "pik-engines-e-"));
  const base = pkg("needs-new-node", JSON.stringify({ name: "needs-new-node", engines: { node: ">=99" } }));
  mkdirSync(join(base, "build"));
  writeFileSync(
    join(base, "build", "extension.js"),
    "export default function (pi) { pi.registerCommand('x', { handler: async () => {} }); }\n",
  );
  h = await startKernel([piCompat], {
    cwd: dir,
    noDiscovery: false,
    noExtensions: true,
    extensionPaths: [join(base, "build", "extension.js")],
  });
  const warnings = h.diagnostics.filter((d) => d.code === "node-engine");
  expect(warnings).toHaveLength(1);
  expect(warnings[0]!.message).toMatch(/^package needs-new-node needs Node >=99 /);
});
