// The permission gate per tool call (issue 30: under 1 ms): canonical paths (one realpath for a
// file that exists, a component walk for one that does not) and a decision against a realistic
// rule set, deny and allow rules with path and command specifiers, in accept-edits mode so the
// workspace boundary and the agent-configuration check run too. Each sample is the mean of a
// batch of calls, in microseconds. Bash lines are bench/permissions.bench.mjs's (run after this one, so
// the bash parser's one-off load it times is not loaded here).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "permission paths: canonical path + gate decision per tool call";

const BATCH = 200;

export async function rows(runs) {
  const n = runs || 30;
  const { canonicalPath } = await import(join(ROOT, "dist", "lib", "tool-kit", "files", "canonical-path.js"));
  const { decide } = await import(join(ROOT, "dist", "plugins", "permissions", "decide.js"));
  const { parseRule } = await import(join(ROOT, "dist", "plugins", "permissions", "rules.js"));
  const root = mkdtempSync(join(tmpdir(), "pik-bench-perm-"));
  const cwd = join(root, "a", "deep", "workspace", "path");
  mkdirSync(join(cwd, "src", "components", "forms"), { recursive: true });
  mkdirSync(join(cwd, "secret"));
  writeFileSync(join(cwd, "src", "components", "forms", "input.tsx"), "x\n");
  symlinkSync(join(cwd, "secret"), join(cwd, "alias"));
  const texts = [
    ["deny", "Read(./.env)"],
    ["deny", "Edit(secret/**)"],
    ["deny", "Read(~/.ssh/**)"],
    ["deny", "Bash(rm:*)"],
    ["ask", "Bash(git push:*)"],
    ["allow", "Bash(npm test:*)"],
    ["allow", "Edit(src/**)"],
    ["allow", "Read(**/*.md)"],
  ];
  const rules = texts.map(([kind, text]) => ({ ...parseRule(text), kind, source: "user" }));
  const agentDir = join(root, "agent");
  const time = (fn) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) fn(i);
    return Number(process.hrtime.bigint() - t0) / 1e3 / BATCH;
  };
  const existing = "src/components/forms/input.tsx";
  // The call as the gate builds it from the tool's declarations (classify.ts callView).
  const pathCall = (toolName, effect, path) => ({ toolName, effect, paths: [path], args: { path }, cwd });
  const fresh = (i) => `src/components/forms/new-${i}/file.tsx`;
  const { realpathSync } = await import("node:fs");
  const cases = {
    // The machine's cost of one system call, to read the rows below against (a loaded CI box is 10x slower).
    "baseline: one realpath(3)": () => realpathSync.native(cwd),
    "canonicalPath, existing file": (i) => canonicalPath(cwd, i % 2 ? existing : `@${existing}`),
    "canonicalPath, missing tail": (i) => canonicalPath(cwd, fresh(i)),
    "gate: edit an existing file (accept-edits)": () => decide(pathCall("edit", "edit", existing), "accept-edits", rules, agentDir),
    "gate: write a new file (accept-edits)": (i) => decide(pathCall("write", "edit", fresh(i)), "accept-edits", rules, agentDir),
    "gate: read through a link (denied)": () => decide(pathCall("read", "read", "alias/key"), "yolo", rules, agentDir),
  };
  const out = [];
  for (const [name, fn] of Object.entries(cases)) {
    time(fn); // warm up
    const samples = Array.from({ length: n }, () => time(fn));
    out.push({ name, n, ...stats(samples), unit: "µs" });
  }
  rmSync(root, { recursive: true, force: true });
  return out;
}
