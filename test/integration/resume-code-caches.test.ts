// A long never-compacted resume holds V8's young generation while it decodes the file and makes the
// request body (lib/heap-kit). V8 11.3 refuses a code cache made under its own flags while the hold's
// flag is set, so no image file may load inside a hold: every file loaded there would be compiled
// from source and its cache rewritten, run after run (issue 34, round nine, found at the merge).
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { cwdFolderName } from "../../plugins/session-jsonl/format/paths.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
// @ts-expect-error plain ESM bench module without types
import { writeSession } from "../../bench/sessions.bench.mjs";

const s = simProjects();

/** A preload that lists on stderr each image file whose code cache V8 refused, and counts the accepted. */
function cacheProbe(dir: string): Record<string, string> {
  const file = join(dir, "cache-probe.cjs");
  writeFileSync(
    file,
    `const vm = require("node:vm"); const S = vm.Script; let ok = 0; const refused = [];
vm.Script = function (code, o) { const s = new S(code, o); if (o && o.cachedData) { if (s.cachedDataRejected) refused.push(o.filename); else ok++; } return s; };
vm.Script.prototype = S.prototype;
process.on("exit", () => require("node:fs").writeSync(2, "[caches accepted " + ok + "]" + refused.map((f) => "\\n[cache refused " + f + "]").join("") + "\\n"));
`,
  );
  return { NODE_OPTIONS: `--require ${file}` };
}

it("a long never-compacted resume refuses no code cache of the image", async () => {
  const { root, project, agentDir } = s.project();
  const dir = join(agentDir, "sessions", cwdFolderName(project));
  mkdirSync(dir, { recursive: true });
  // ~1.5 MB never compacted: decoded whole, under the hold.
  const pristine = join(root, "never.jsonl");
  writeSession(pristine, 2_500, project, "never");
  const file = join(dir, "2026-01-01T00-00-00-000Z_01a1ff48-0000-7000-8000-000000000000.jsonl");
  const env = { PI_CODING_AGENT_DIR: agentDir, ...cacheProbe(root) };
  const args = ["--provider", "sim", "--model", "sim-model", "-c", "-p", "hi"];
  // Twice, the same resume: a cache refused in the first run would be rewritten, and refused again.
  for (const text of ["first", "second"]) {
    copyFileSync(pristine, file);
    s.sim.script({ text });
    const r = await runCli(args, { cwd: project, env, timeoutMs: 60_000 });
    expect(r.stdout, r.stderr).toBe(`${text}\n`);
    expect(r.stderr).not.toContain("[cache refused");
    expect(Number(/\[caches accepted (\d+)\]/.exec(r.stderr)?.[1])).toBeGreaterThan(40);
  }
}, 90_000);
