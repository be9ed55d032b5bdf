// .gitignore, .ignore and .fdignore rules for resource discovery (skills, prompt templates), as
// pi honours them. A nested file's rules apply below its directory, so they get its prefix.
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Ignore } from "ignore";

export const IGNORE_FILES = [".gitignore", ".ignore", ".fdignore"];

/** `present`: the directory's entry names when already listed (saves a failed read per file). */
export function addIgnoreRules(ig: Ignore, dir: string, root: string, present?: string[]): void {
  const prefix = relative(root, dir).split(sep).join("/");
  for (const name of IGNORE_FILES) {
    if (present && !present.includes(name)) continue;
    let text: string;
    try {
      text = readFileSync(join(dir, name), "utf8");
    } catch {
      continue;
    }
    const rules = text
      .split(/\r?\n/)
      .map((line) => prefixRule(line, prefix))
      .filter((r): r is string => !!r);
    if (rules.length) ig.add(rules);
  }
}

/** A path relative to the root, with forward slashes (what `ignore` expects). */
export function relPosix(root: string, path: string): string {
  return relative(root, path).split(sep).join("/");
}

function prefixRule(line: string, prefix: string): string | undefined {
  if (!line.trim() || (line.startsWith("#") && !line.startsWith("\\#"))) return undefined;
  const negated = line.startsWith("!");
  let rule = negated ? line.slice(1) : line.replace(/^\\!/, "!");
  rule = rule.replace(/^\//, "");
  if (prefix) rule = `${prefix}/${rule}`;
  return negated ? `!${rule}` : rule;
}
