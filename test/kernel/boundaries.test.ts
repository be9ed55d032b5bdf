// The architecture's rules, checked on every run (docs/internals/architecture.md): the kernel stays
// small and knows no plugin; plugins meet only through hooks and named services; shared library
// code holds no state and imports no plugin; contracts are types only; no value import cycle.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { areaOf, ROOT, sourceFiles, valueCycles } from "../support/source-graph.js";

const files = sourceFiles();
const kernel = files.filter((f) => f.path.startsWith("kernel/"));
const codeLines = (text: string) => text.split("\n").filter((l) => !/^\s*($|\/\/|\/\*|\*)/.test(l)).length;
const pluginNames = readdirSync(join(ROOT, "plugins"));
/** Every file a rule reads besides the product's source: tests, benches and examples too. */
const everything = sourceFiles(["kernel", "contracts", "lib", "compose", "plugins", "cli", "sdk", "test", "bench", "examples"]);

function offenders(list: { path: string }[]): string[] {
  return list.map((f) => f.path);
}

describe("kernel boundaries", () => {
  it("stays within ~1,500 lines of code", () => {
    expect(kernel.reduce((n, f) => n + codeLines(f.text), 0)).toBeLessThanOrEqual(1500);
  });

  it("keeps its lines within 140 characters (the kernel is formatted by hand, compactly, for its budget)", () => {
    const long = kernel.flatMap((f) =>
      f.text
        .split("\n")
        .map((l, i) => [l, i] as const)
        .filter(([l]) => l.length > 140)
        .map(([, i]) => `${f.path}:${i + 1}`),
    );
    expect(long).toEqual([]);
  });

  it("imports only node built-ins, its own files and its four libraries", () => {
    const allowed = /^(node:|\.\/|tapable$|jiti$|chokidar$|ajv$|@sinclair\/typebox$|#typebox$)/;
    for (const f of kernel) for (const i of f.imports) expect(i.spec, `${f.path} imports ${i.spec}`).toMatch(allowed);
  });

  it("knows no plugin by name", () => {
    const named = kernel.flatMap((f) => pluginNames.filter((n) => new RegExp(`["']${n}["']`).test(f.code)).map((n) => `${f.path}: "${n}"`));
    expect(named).toEqual([]);
  });
});

describe("architecture rules", () => {
  it("has no value import cycle", () => {
    expect(valueCycles(files).map((c) => c.join(" -> "))).toEqual([]);
  });

  it("no source file is over 300 lines", () => {
    expect(offenders(files.filter((f) => f.text.split("\n").length > 300))).toEqual([]);
  });

  it("a plugin imports no other plugin's files", () => {
    const bad = files
      .filter((f) => f.path.startsWith("plugins/"))
      .flatMap((f) =>
        f.imports
          .filter((i) => i.target?.startsWith("plugins/") && areaOf(i.target) !== areaOf(f.path))
          .map((i) => `${f.path}:${i.line} imports ${i.spec}`),
      );
    expect(bad).toEqual([]);
  });

  it("lib and contracts import no plugin, and lib no CLI, SDK or composition root", () => {
    const bad = files
      .filter((f) => /^(lib|contracts)\//.test(f.path))
      .flatMap((f) =>
        f.imports
          .filter((i) => i.target && /^(plugins|cli|sdk|compose)\//.test(i.target))
          .map((i) => `${f.path}:${i.line} imports ${i.spec}`),
      );
    expect(bad).toEqual([]);
  });

  it("plugins reach toolkits only through their index, and never the CLI, SDK or composition root", () => {
    const bad = everything
      .filter((f) => !f.path.startsWith("lib/"))
      .flatMap((f) =>
        f.imports
          .filter(
            (i) =>
              i.target &&
              (/^(cli|sdk|compose)\//.test(i.target) ? f.path.startsWith("plugins/") : /^lib\/[^/]+\/(?!index\.ts$)/.test(i.target)),
          )
          .map((i) => `${f.path}:${i.line} imports ${i.spec}`),
      );
    expect(bad).toEqual([]);
  });

  it("lib/ holds toolkits, each with an index", () => {
    const kits = readdirSync(join(ROOT, "lib"));
    expect(kits.filter((k) => !files.some((f) => f.path === `lib/${k}/index.ts`))).toEqual([]);
  });

  it("a plugin's api lives as long as the plugin: no api.current() outside pi-compat's compatibility code", () => {
    const bad = files
      .filter((f) => /^(plugins|lib)\//.test(f.path) && !f.path.startsWith("plugins/pi-compat/"))
      .filter((f) => /\b(api|parent)\s*\.\s*current\(\)/.test(f.text));
    expect(offenders(bad)).toEqual([]);
  });

  it("cli/ and compose/ use the kernel's facade, never kernel.host", () => {
    expect(offenders(files.filter((f) => /^(cli|compose)\//.test(f.path) && /\.host\./.test(f.text)))).toEqual([]);
  });

  it("the composition root never changes the flags it is given (package resources travel as a service)", () => {
    // Flags are what the user typed; what the composition adds goes to plugins as a service (contracts/package-resources.ts).
    const bad = files.filter((f) => f.path.startsWith("compose/") && /\bflags\s*(?:\.\s*\w+|\[[^\]]*\])\s*[-+*/|&?]?=(?!=)/.test(f.code));
    expect(offenders(bad)).toEqual([]);
  });

  it("sdk imports nothing from cli", () => {
    const bad = files
      .filter((f) => f.path.startsWith("sdk/"))
      .flatMap((f) => f.imports.filter((i) => i.target?.startsWith("cli/")).map((i) => `${f.path}:${i.line} imports ${i.spec}`));
    expect(bad).toEqual([]);
  });

  it("contracts are types only", () => {
    const contracts = files.filter((f) => f.path.startsWith("contracts/"));
    expect(contracts.length).toBeGreaterThan(5);
    const bad = contracts.flatMap((f) => [
      ...f.imports.filter((i) => i.value).map((i) => `${f.path}:${i.line} value import ${i.spec}`),
      ...(/^\s*(export\s+)?(const|let|var|function|class|enum)\s/m.test(f.code) && !isStageTable(f) ? [`${f.path}: declares a value`] : []),
    ]);
    expect(bad).toEqual([]);
  });

  it("orders taps by named stages, never by offsets from a stage (contracts/stages.ts names them)", () => {
    const bad = files.filter((f) => !f.path.startsWith("test/") && /\bStages?\.[A-Z_]+\s*[-+]\s*\d/.test(f.code));
    expect(offenders(bad)).toEqual([]);
  });

  it("plugins and lib keep no state in process-global slots (api.keep is the home)", () => {
    const bad = files.filter((f) => /^(plugins|lib)\//.test(f.path) && /\bglobalThis\b|Symbol\.for\(/.test(f.code));
    expect(offenders(bad)).toEqual([]);
  });

  it("no service lookup carries a hand-written type (contracts type them by name)", () => {
    const bad = everything.filter((f) => /services\.(get|use|provide)\s*</.test(f.code));
    expect(offenders(bad)).toEqual([]);
  });

  it("every service a built-in plugin looks up is declared in its definition", () => {
    // The host reports undeclared lookups at run time; this catches them without running.
    const bad: string[] = [];
    for (const name of pluginNames) {
      const own = files.filter((f) => f.path.startsWith(`plugins/${name}/`));
      const used = new Set(own.flatMap((f) => [...f.text.matchAll(/services\.(?:get|use|has)\(\s*"([^"]+)"/g)].map((m) => m[1]!)));
      const index = own.find((f) => /definePlugin\(/.test(f.text));
      if (!index) continue;
      const declared = new Set(
        [...index.text.matchAll(/(?:requires|uses|provides):\s*\[([^\]]*)\]/g)].flatMap((m) =>
          [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!),
        ),
      );
      for (const s of used) if (!declared.has(s) && !declared.has("*")) bad.push(`${name} uses "${s}" without declaring it`);
    }
    expect(bad).toEqual([]);
  });

  it("plugins decide what a tool does from what it declares (effect, paths), never from a table of tool names", () => {
    // Tool-name tables are how a third-party tool used to miss accept-edits, ACP diffs and tree
    // labels: `new Set(["read", "grep", ...])`, `toolName === "bash"`, `case "write":`, `{ write: "edit" }`.
    const bad = toolNameTables(files.filter((f) => f.path.startsWith("plugins/") && !NAMES_OWN_TOOLS.some((p) => f.path.startsWith(p))));
    expect(bad).toEqual([]);
  });

  it("the hook reference in docs/ lists every hook with its policy", () => {
    const doc = readFileSync(join(ROOT, "docs", "plugins", "hooks.md"), "utf8");
    const hooks = readFileSync(join(ROOT, "kernel", "hooks.ts"), "utf8");
    const policies = [...hooks.matchAll(/^\s+(\w+): \{ kind: "(\w+)", onError: "(\w+)", timeoutMs: ([\d_]+),/gm)];
    expect(policies.length).toBeGreaterThan(10);
    const rows = new Map(
      doc
        .split("\n")
        .filter((l) => l.startsWith("|"))
        .map((l) => {
          const cells = l
            .split("|")
            .slice(1, -1)
            .map((c) => c.trim());
          return [cells[0], cells] as const;
        }),
    );
    for (const [, name, kind, onError, timeout] of policies) {
      const row = rows.get(`\`${name}\``);
      expect(row, `docs/plugins/hooks.md has no row for ${name}`).toBeDefined();
      const ms = Number(timeout!.replace(/_/g, ""));
      expect(row!.slice(1, 4), `${name} row`).toEqual([kind, onError, ms === 0 ? "none" : `${ms.toLocaleString("en-US")} ms`]);
    }
  });

  it("the service reference in docs/ lists every service the contracts declare", () => {
    const doc = readFileSync(join(ROOT, "docs", "plugins", "services.md"), "utf8");
    const declared = files
      .filter((f) => f.path.startsWith("contracts/") || f.path === "kernel/services.ts")
      .flatMap((f) => {
        const block = /interface Services \{([\s\S]*?)\n\s*\}/.exec(f.text)?.[1] ?? "";
        return [...block.matchAll(/^\s*(?:"([^"]+)"|(\w+)|\[\w+: `([^`$]+)\$\{string\}`\]):/gm)].map(
          (m) => m[1] ?? m[2] ?? `${m[3]}<name>`,
        );
      });
    expect(declared.length).toBeGreaterThan(10);
    for (const name of declared) expect(doc, `docs/plugins/services.md lacks "${name}"`).toContain(`\`${name}\``);
  });
});

/** The built-in tools' names; those that are not also effect names mark a table of tools for sure. */
const BUILTIN_TOOLS = ["read", "write", "edit", "bash", "grep", "find", "ls", "hashline_edit", "tool_search", "subagent"];
const EFFECT_NAMES = new Set(["read", "search", "edit", "execute", "fetch", "other"]);
const TOOL_ONLY = BUILTIN_TOOLS.filter((n) => !EFFECT_NAMES.has(n));
/** Where a tool's own name is its business: the plugins that define the tools, pi's tool factories and
 * result guards, and text that names a tool to the model (pi's prompt guidelines, the skills block). */
const NAMES_OWN_TOOLS = [
  "plugins/tools-core/",
  "plugins/tools-fs-search/",
  "plugins/tool-hashline-edit/",
  "plugins/deferred-tools/",
  "plugins/subagents/",
  "plugins/user-bash/",
  "plugins/pi-compat/modules/",
  "plugins/system-prompt/base-prompt.ts", // pi's guidelines name grep/find/ls and bash to the model
  "plugins/skills/index.ts", // the skills block tells the model to use the tool named read
  "plugins/permissions/shell-wrappers.ts", // shell programs (`find -exec`, `xargs`) inside a command line, not tools
];

/** Name tables of tools in these files: lists, comparisons, switch cases and name-keyed maps. */
function toolNameTables(list: { path: string; text: string }[]): string[] {
  const names = BUILTIN_TOOLS.join("|");
  const only = TOOL_ONLY.join("|");
  const bad: string[] = [];
  for (const f of list) {
    const text = f.text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const m of text.matchAll(/\[\s*"[^"\n]*"(?:\s*,\s*"[^"\n]*")+\s*,?\s*\]/g)) {
      const items = [...m[0].matchAll(/"([^"]*)"/g)].map((x) => x[1]!);
      const tools = items.filter((i) => BUILTIN_TOOLS.includes(i));
      if (tools.length >= 2 && tools.some((t) => TOOL_ONLY.includes(t))) bad.push(`${f.path}: ${m[0]}`);
    }
    const compare = new RegExp(
      `\\b(?:toolName|name)\\s*[!=]==?\\s*["'](?:${names})["']|["'](?:${names})["']\\s*[!=]==?\\s*\\w*(?:toolName|\\.name)\\b`,
      "g",
    );
    for (const m of text.matchAll(compare)) bad.push(`${f.path}: ${m[0]}`);
    for (const m of text.matchAll(new RegExp(`\\bcase\\s+["'](?:${only})["']\\s*:`, "g"))) bad.push(`${f.path}: ${m[0]}`);
    const keyed = new Set([...text.matchAll(new RegExp(`^\\s*(${only}):\\s*"`, "gm"))].map((m) => m[1]));
    if (keyed.size >= 2) bad.push(`${f.path}: a map keyed by tool names (${[...keyed].join(", ")})`);
  }
  return bad;
}

/** contracts/stages.ts may hold one value: a frozen table of stage numbers, with no imports and no code. */
function isStageTable(f: { path: string; code: string; imports: unknown[] }): boolean {
  return f.path === "contracts/stages.ts" && f.imports.length === 0 && !/\b(function|class|=>|let|var)\b/.test(f.code);
}
