// .gitignore semantics for the built-in walker, as ripgrep and fd apply them with
// --no-require-git: every .gitignore and .ignore from the search root's ancestors (up to the git
// root when there is one) and from each directory walked, the deeper file winning, plus the
// repository's .git/info/exclude. Patterns are matched by the `ignore` package (eslint's).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ignore, { type Ignore } from "ignore";
import { toPosix } from "./posix.js";

export const IGNORE_FILES = [".gitignore", ".ignore"];

interface Level {
  base: string;
  rules: Ignore;
}

export class IgnoreRules {
  private constructor(private readonly levels: Level[]) {}

  /** The rules in force at `root` before walking it: its ancestors' files. */
  static forRoot(root: string): IgnoreRules {
    const chain: string[] = [];
    for (let dir = dirname(root); ; dir = dirname(dir)) {
      chain.unshift(dir);
      if (existsSync(join(dir, ".git")) || dirname(dir) === dir) break;
    }
    if (existsSync(join(root, ".git"))) chain.length = 0; // root is itself a repository's top
    let rules = new IgnoreRules([]);
    for (const dir of chain)
      rules = rules.enter(
        dir,
        IGNORE_FILES.filter((f) => existsSync(join(dir, f))),
      );
    return rules.enter(
      root,
      IGNORE_FILES.filter((f) => existsSync(join(root, f))),
    );
  }

  /** The rules inside `dir`, given which ignore files it holds (names from its listing). */
  enter(dir: string, present: string[]): IgnoreRules {
    const patterns: string[] = [];
    if (existsSync(join(dir, ".git", "info", "exclude"))) patterns.push(readText(join(dir, ".git", "info", "exclude")));
    for (const name of present) patterns.push(readText(join(dir, name)));
    if (patterns.every((p) => p.trim() === "")) return this;
    return new IgnoreRules([...this.levels, { base: dir, rules: ignore({ allowRelativePaths: true }).add(patterns.join("\n")) }]);
  }

  /** Whether an entry is ignored; the deepest file that has an opinion decides. */
  ignores(path: string, isDir: boolean): boolean {
    let ignored = false;
    for (const level of this.levels) {
      const rel = relative(level.base, path);
      if (!rel || rel.startsWith("..")) continue;
      const verdict = level.rules.test(toPosix(rel) + (isDir ? "/" : ""));
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return ""; // unreadable ignore file: ignore nothing rather than fail the search
  }
}
