// The permission check of a bash tool call with rules: the bash parser's one-off load (the first
// time a bash rule is checked), then decide() per call on typical and nasty command lines, each
// line made unique so the analysis cache never answers. Budget: under 1 ms per call.
import { join } from "node:path";
import { ROOT, stats } from "./measure.mjs";

export const title = "permissions: bash rules over the parsed command (per tool call)";

const dist = (p) => import(join(ROOT, "dist", p));

const TYPICAL = [
  "git status",
  "npm test -- --silent",
  "ls -la src && git diff --stat | head -20",
  "cd pkg && npm run build 2>&1 | tail -5",
];
const NASTY = [
  "# it's \"odd\nfor f in $(find . -name '*.ts' -exec grep -l x {} \\;); do echo \"$f\" | xargs -n1 sudo env A=1 nice -n 5 timeout 5 rm; done",
  "bash -c \"eval 'sh -c \\\"echo \\$(rm -rf x) \\`curl y\\`\\\"'\" && { (if ! true; then echo $'\\''; fi) | cat <(ls) ; }",
  Array.from({ length: 40 }, (_, i) => `echo step${i} && test -f f${i} || touch f${i}`).join("; "),
  "cat <<'EOF' | sh\nrm -rf /\nEOF\nX=rm; $X y",
];

export async function rows(runs) {
  const n = Math.max(5, runs);
  const { loadBashParser } = await dist("plugins/permissions/bash-parser.js");
  const { decide } = await dist("plugins/permissions/decide.js");
  const { parseRule } = await dist("plugins/permissions/rules.js");
  const rule = (kind, text) => ({ ...parseRule(text), kind, source: "global" });
  const rules = [
    rule("deny", "Bash(rm:*)"),
    rule("deny", "Bash(curl:*)"),
    rule("ask", "Bash(git push:*)"),
    ...["git status:*", "npm test:*", "ls:*", "echo:*", "cat:*", "head:*", "tail:*", "cd:*"].map((t) => rule("allow", `Bash(${t})`)),
  ];
  const t0 = process.hrtime.bigint();
  await loadBashParser();
  const load = Number(process.hrtime.bigint() - t0) / 1e6;
  // Wall time, and the process's CPU time (the same work without the waits of a busy machine).
  const perCall = (name, lines) => {
    const batch = 200;
    const [wall, cpu] = [[], []];
    let k = 0;
    for (let r = 0; r < n + 2; r++) {
      const start = process.hrtime.bigint();
      const used = process.cpuUsage();
      for (let i = 0; i < batch; i++) {
        const command = `${lines[i % lines.length]} #${k++}`;
        decide({ toolName: "bash", args: { command }, cwd: ROOT }, "ask", rules);
      }
      const spent = process.cpuUsage(used);
      // The first two batches warm the JIT.
      if (r < 2) continue;
      wall.push(Number(process.hrtime.bigint() - start) / 1e6 / batch);
      cpu.push((spent.user + spent.system) / 1e3 / batch);
    }
    return [
      { name, ...stats(wall), unit: "ms" },
      { name: `${name} (CPU)`, ...stats(cpu), unit: "ms" },
    ];
  };
  return [
    { name: "load the bash parser (once, first bash rule)", n: 1, min: load, median: load, max: load, unit: "ms" },
    ...perCall("decide: typical bash line, 11 rules", TYPICAL),
    ...perCall("decide: nasty bash line, 11 rules", NASTY),
  ];
}
