// Prompt templates: Markdown files whose name is a command. Found (non-recursively) in the
// --prompt-template paths, the packages' (the "package-resources" service), settings `prompts` entries, .pi/prompts and ~/.pi/agent/prompts, in
// that precedence (the first template of a name wins); --no-prompt-templates keeps only the CLI
// and package paths. A file that no longer parses keeps its last good version.
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import ignore from "ignore";
import type { PackageOrigin, PackageResourcesService } from "../../contracts/index.js";
import {
  builtinResourceDir,
  addIgnoreRules,
  autoMeta,
  expandPath,
  FileCache,
  frontmatterError,
  givenPathMeta,
  packageMeta,
  type Parsed,
  type ParseFrontmatter,
  settingsMeta,
  settingsPath,
  sourceInfo,
  type SourceInfo,
  type SourceMeta,
  stringList,
} from "../../lib/resource-kit/index.js";

export interface Template {
  name: string;
  description: string;
  argumentHint?: string;
  body: string;
  filePath: string;
  /** Where it was found (pi's SourceInfo); set per build, as the same file may move roots. */
  sourceInfo?: SourceInfo;
}

export interface TemplateRoot {
  path: string;
  auto: boolean;
  meta: SourceMeta;
  /** A settings override (`-path`, `!path`, as `pi config` writes): this file does not load. */
  excluded?: boolean;
}

type Where = { cwd: string; agentDir: string; origins?: readonly PackageOrigin[] };

/** A path given for this run: under a package's directory (`origins`) it is the package's, else the user's. */
export function givenRoot(path: string, o: Where): TemplateRoot {
  return { path, auto: false, meta: packageMeta(o.origins, path) ?? givenPathMeta(path, o) };
}

export function templateRoots(o: {
  cwd: string;
  agentDir: string;
  home: string;
  flags: Readonly<Record<string, unknown>>;
  settings: Readonly<Record<string, unknown>>;
  /** What the composition's packages offer (none without a composition root). */
  packages?: PackageResourcesService;
}): TemplateRoot[] {
  // Package prompts rank as given paths after the user's own, as when they were added to --prompt-template.
  const given = [...stringList(o.flags.promptTemplate), ...(o.packages?.prompts ?? [])];
  const roots = given.map((p) => givenRoot(expandPath(p, o.home, o.cwd), { ...o, origins: o.packages?.origins }));
  if (o.flags.promptTemplates === false) return roots;
  for (const p of stringList(o.settings.prompts)) {
    // `+path` only puts back a template found anyway; `-path` / `!path` switch one off.
    const path = settingsPath(p.replace(/^[!+-]/, ""), o);
    if (/^[!-]/.test(p)) roots.push({ path, auto: false, meta: settingsMeta("prompts", p, o.cwd), excluded: true });
    else if (!p.startsWith("+")) roots.push({ path, auto: false, meta: settingsMeta("prompts", p, o.cwd) });
  }
  roots.push(
    { path: join(o.cwd, ".pi", "prompts"), auto: true, meta: autoMeta("project", join(o.cwd, ".pi")) },
    { path: join(o.agentDir, "prompts"), auto: true, meta: autoMeta("user", o.agentDir) },
  );
  // pi-kernel's own templates come last: any template of the same name wins over them.
  const builtin = builtinResourceDir("prompts");
  if (builtin) roots.push({ path: builtin, auto: true, meta: autoMeta("user", dirname(builtin)) });
  return roots;
}

export class TemplateStore {
  private readonly cache: FileCache<Template>;

  private parse: ParseFrontmatter | undefined;

  /** `loadParser` runs only once a template exists: no templates, no YAML parser loaded. */
  constructor(
    private readonly roots: () => TemplateRoot[],
    private readonly loadParser: () => Promise<ParseFrontmatter>,
    report: (file: string, message: string) => void,
  ) {
    this.cache = new FileCache<Template>(
      (path, text) => readTemplate(path, text, this.parse!),
      (path, problems) => {
        for (const p of problems) report(path, `${path}: ${p}`);
      },
    );
  }

  async build(): Promise<Template[]> {
    // The first root a file is found under says where it comes from.
    const metas = new Map<string, SourceMeta>();
    const roots = this.roots();
    const excluded = new Set(roots.filter((r) => r.excluded).map((r) => r.path));
    for (const root of roots.filter((r) => !r.excluded))
      for (const f of templateFiles(root)) if (!metas.has(f) && !excluded.has(f)) metas.set(f, root.meta);
    const files = [...metas.keys()];
    if (files.length > 0) this.parse ??= await this.loadParser();
    const byName = new Map<string, Template>();
    for (const file of files) {
      const t = this.cache.read(file)?.value;
      if (t && !byName.has(t.name)) byName.set(t.name, { ...t, sourceInfo: sourceInfo(file, metas.get(file)!) });
    }
    this.cache.prune(new Set(files));
    return [...byName.values()];
  }
}

function templateFiles(root: TemplateRoot): string[] {
  try {
    if (statSync(root.path).isFile()) return root.path.endsWith(".md") ? [root.path] : [];
    const names = readdirSync(root.path);
    const ig = ignore();
    if (root.auto) addIgnoreRules(ig, root.path, root.path, names);
    return names
      .filter((n) => n.endsWith(".md") && !n.startsWith(".") && !ig.ignores(n))
      .sort()
      .map((n) => join(root.path, n))
      .filter((p) => statSync(p, { throwIfNoEntry: false })?.isFile());
  } catch {
    return [];
  }
}

function readTemplate(filePath: string, text: string, parse: ParseFrontmatter): Parsed<Template> {
  let data: Record<string, unknown>;
  let body: string;
  try {
    ({ data, body } = parse(text));
  } catch (error) {
    return { problems: [frontmatterError(error, text)] };
  }
  const problems: string[] = [];
  const text_ = (key: string) => {
    const v = data[key];
    if (v !== undefined && typeof v !== "string") problems.push(`${key} must be text`);
    return typeof v === "string" && v.trim() ? v.trim() : undefined;
  };
  const description = text_("description") ?? firstLine(body);
  const argumentHint = text_("argument-hint");
  return { value: { name: basename(filePath).replace(/\.md$/, ""), description, argumentHint, body, filePath }, problems };
}

/** Without a description, the first non-empty line, cut to 60 characters. */
function firstLine(body: string): string {
  const line =
    body
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? "";
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}
