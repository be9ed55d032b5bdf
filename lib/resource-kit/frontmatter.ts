// YAML frontmatter for SKILL.md files and prompt templates, parsed with gray-matter. gray-matter
// would run `---js` / `---coffee` frontmatter through eval: those engines are replaced by ones
// that refuse, so a Markdown file is never executed, only read. The YAML engine is js-yaml's
// safe loader (no custom tags, no functions).
/** `body` is the text after the frontmatter, trimmed (as pi gives it). */
export interface Frontmatter {
  data: Record<string, unknown>;
  body: string;
}
export type ParseFrontmatter = (text: string) => Frontmatter;

let parser: Promise<ParseFrontmatter> | undefined;

/** Loads gray-matter on first use (start-up never pays for it). */
export function frontmatterParser(): Promise<ParseFrontmatter> {
  parser ??= import("gray-matter").then((m) => {
    const matter = (m as unknown as { default: typeof import("gray-matter") }).default ?? m;
    const refuse = (lang: string) => () => {
      throw new Error(`${lang} frontmatter is not allowed (frontmatter is data and is never executed); use YAML`);
    };
    const engines = {
      javascript: refuse("JavaScript"),
      js: refuse("JavaScript"),
      coffee: refuse("CoffeeScript"),
      coffeescript: refuse("CoffeeScript"),
      cson: refuse("CoffeeScript"),
    };
    return (text: string): Frontmatter => {
      // Passing options also keeps gray-matter from caching every file's text in a global map.
      const file = matter(normalized(text), { engines });
      const data = file.data && typeof file.data === "object" && !Array.isArray(file.data) ? file.data : {};
      return { data: data as Record<string, unknown>, body: file.content.trim() };
    };
  });
  return parser;
}

/** The text as the parser reads it: no byte-order mark, `\n` line ends. */
export const normalized = (text: string): string => text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");

/**
 * Why frontmatter could not be parsed, whole and on one line: js-yaml's reason, the line and
 * column in the file (the YAML starts on the `---` line, so its line numbers are the file's),
 * and that line's text. js-yaml's own message ends with a code excerpt after "column N:", which
 * a one-line diagnostic used to cut off mid-sentence.
 */
export function frontmatterError(error: unknown, text?: string): string {
  const e = error as { reason?: unknown; mark?: { line?: unknown; column?: unknown }; message?: unknown };
  if (typeof e?.reason === "string" && typeof e.mark?.line === "number") {
    const line = e.mark.line + 1;
    const column = typeof e.mark.column === "number" ? `, column ${e.mark.column + 1}` : "";
    const source = text?.replace(/\r\n?/g, "\n").split("\n")[e.mark.line]?.trimEnd();
    return `frontmatter cannot be parsed: ${e.reason} (line ${line}${column}${source ? `: ${JSON.stringify(source)}` : ""})`;
  }
  const message = String(e?.message ?? error)
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join(" ");
  return `frontmatter cannot be parsed: ${message}`;
}
