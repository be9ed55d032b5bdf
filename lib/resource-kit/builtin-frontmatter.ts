// The frontmatter of pi-kernel's own skills, parsed at build time. Every run indexes the two
// built-in skills before its first request, and parsing them loaded the YAML parser (gray-matter
// and js-yaml: ~3–5 ms of a print run, issue 34) only to find the same name and description as
// last time. The image build writes each built-in SKILL.md's frontmatter block (the text up to
// the closing `---` line, normalized as the parser reads it) with the data gray-matter gave for
// it. A file whose text starts with a block in the table has that data: the data depends on the
// block alone, so an exact match can never be a wrong answer, wherever the file lives, and an
// edited frontmatter (or a missing table) is simply parsed. Bodies are not in the table: they are
// read from the file when a skill is used, as before.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { frontmatterParser, normalized } from "./frontmatter.js";
import { installRoot } from "./paths/builtin-dir.js";

/** Where the image build writes the table, relative to the install. */
export const BUILTIN_FRONTMATTER = join("dist", "image", "builtin-frontmatter.json");

type Data = Record<string, unknown>;

/** The frontmatter block of a normalized text: `---` line, YAML, closing `---` line with its newline. */
export function frontmatterBlock(text: string): string | undefined {
  if (!text.startsWith("---\n")) return undefined;
  const close = /^---[ \t]*(\n|$)/m;
  const rest = text.slice(4);
  const m = close.exec(rest);
  return m ? text.slice(0, 4 + m.index + m[0].length) : undefined;
}

let builtin: ((text: string) => Data | undefined) | undefined;

/** The data of a file whose frontmatter block the install's build parsed, else undefined (parse it). */
export function builtinFrontmatter(text: string): Data | undefined {
  const root = installRoot();
  builtin ??= root ? frontmatterTable(join(root, BUILTIN_FRONTMATTER)) : () => undefined;
  return builtin(text);
}

/** A table `writeBuiltinFrontmatter` wrote, as a lookup by text; a missing or unreadable one knows nothing. */
export function frontmatterTable(file: string): (text: string) => Data | undefined {
  const table = readTable(file);
  return (text) => {
    if (table.size === 0) return undefined;
    const block = frontmatterBlock(normalized(text));
    const data = block === undefined ? undefined : table.get(block);
    // A copy: callers may keep or change what they get, the table stays as built.
    return data && structuredClone(data);
  };
}

function readTable(file: string): Map<string, Data> {
  try {
    const json: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!Array.isArray(json)) return new Map();
    return new Map(json.filter((r): r is [string, Data] => Array.isArray(r) && typeof r[0] === "string" && isRecord(r[1])));
  } catch {
    return new Map();
  }
}

const isRecord = (v: unknown): v is Data => !!v && typeof v === "object" && !Array.isArray(v);

/** `<root>/skills/<name>/SKILL.md` for each built-in skill folder. */
export function builtinSkillFiles(root: string): string[] {
  const dir = join(root, "skills");
  const names = existsSync(dir) ? readdirSync(dir).sort() : [];
  return names.map((name) => join(dir, name, "SKILL.md")).filter((file) => existsSync(file));
}

/**
 * Parses `files` (the built-in SKILL.md files) and writes their blocks with their data. A block
 * whose data differs alone and in its file (the parser read past the block), or does not survive
 * JSON (a YAML date), or that does not parse, is left out: those files are parsed at run time.
 */
export async function writeBuiltinFrontmatter(files: string[], file: string): Promise<void> {
  const parse = await frontmatterParser();
  const rows: [string, Data][] = [];
  for (const path of files) {
    const text = normalized(readFileSync(path, "utf8"));
    const block = frontmatterBlock(text);
    if (block === undefined) continue;
    if (sameAlone(parse, block, text)) rows.push([block, parse(text).data]);
  }
  writeFileSync(file, JSON.stringify(rows));
}

/** Whether the block alone gives the text's data, and that data survives JSON. */
function sameAlone(parse: (text: string) => { data: Data }, block: string, text: string): boolean {
  try {
    const data = parse(text).data;
    return isDeepStrictEqual(parse(block).data, data) && isDeepStrictEqual(JSON.parse(JSON.stringify(data)), data);
  } catch {
    return false; // invalid YAML: parsed (and reported) at run time
  }
}
