// Builds the skill index from the skill locations: find files, parse them (cached, keeping the
// last good version of a file an edit broke), resolve name collisions first-wins.
import { realpathSync } from "node:fs";
import {
  builtinFrontmatter,
  FileCache,
  frontmatterError,
  type ParseFrontmatter,
  ScanGuard,
  sourceInfo,
  type SourceMeta,
} from "../../lib/resource-kit/index.js";
import type { Locations } from "./locations.js";
import { findSkillFiles, mtimeOf, type Stamps } from "./scan.js";
import { checkSkill, type Skill } from "./validate.js";

export interface SkillIndex {
  skills: Skill[];
  byName: Map<string, Skill>;
}
export type Problem = (where: string, message: string) => void;

export class SkillStore {
  private readonly cache: FileCache<Skill>;
  private readonly collisions = new Map<string, string>();
  private origin = new Map<string, string>();
  /** What the last build looked at, with mtimes: see changed(). */
  private stamps: Stamps | undefined;

  private parse: ParseFrontmatter | undefined;
  /** Files read before the parser was loaded whose frontmatter the build's table did not have. */
  private readonly unparsed = new Set<string>();
  private readonly said = new Set<string>();

  /**
   * `loadParser` runs only once a skill file the build did not parse exists: no skills, or only
   * pi-kernel's own unedited ones (lib/resource-kit builtinFrontmatter), no YAML parser loaded.
   */
  constructor(
    private readonly locations: () => Locations,
    private readonly loadParser: () => Promise<ParseFrontmatter>,
    private readonly problem: Problem,
  ) {
    this.cache = new FileCache<Skill>(
      (path, text) => {
        let data = builtinFrontmatter(text);
        if (!data && !this.parse) {
          this.unparsed.add(path); // read again once build() has loaded the parser
          return { problems: [] };
        }
        try {
          data ??= this.parse!(text).data;
        } catch (error) {
          return { problems: [frontmatterError(error, text)] };
        }
        const { skill, problems } = checkSkill(data, path, this.origin.get(path) ?? "path");
        return { value: skill, problems };
      },
      (path, problems) => {
        if (this.unparsed.has(path)) return; // not parsed yet: read again below
        for (const p of problems) problem(path, `${path}: ${p}`);
      },
    );
  }

  async build(): Promise<SkillIndex> {
    const { roots, excluded } = this.locations();
    const seenReal = new Set<string>();
    const present = new Set<string>();
    const byName = new Map<string, Skill>();
    const origin = new Map<string, string>();
    const metas = new Map<string, SourceMeta>();
    const stamps: Stamps = new Map();
    for (const root of roots) {
      const guard = new ScanGuard({ confine: root.confine });
      const files = findSkillFiles(root.path, root.rootFiles, stamps, guard);
      for (const why of guard.skipped) this.once(root.path, `skills: not followed: ${why}`);
      for (const file of files) {
        const real = realPath(file);
        if (seenReal.has(real) || excluded.some((x) => file === x || file.startsWith(`${x}/`))) continue;
        seenReal.add(real);
        present.add(file);
        origin.set(file, root.origin);
        metas.set(file, root.meta);
      }
    }
    this.origin = origin;
    this.stamps = stamps;
    const read = () => [...present].map((file) => this.cache.read(file)?.value);
    let skills = read();
    if (this.unparsed.size > 0) {
      this.parse ??= await this.loadParser();
      this.cache.prune(new Set([...present].filter((file) => !this.unparsed.has(file))));
      this.unparsed.clear();
      skills = read();
    }
    const collided = new Set<string>();
    for (const skill of skills) {
      if (!skill) continue;
      const file = skill.filePath;
      const first = byName.get(skill.name);
      if (first) collided.add(this.collision(skill, first));
      else byName.set(skill.name, { ...skill, sourceInfo: sourceInfo(file, metas.get(file)!) });
    }
    this.cache.prune(present);
    for (const file of this.collisions.keys()) if (!collided.has(file)) this.collisions.delete(file);
    return { skills: [...byName.values()], byName };
  }

  /**
   * Whether a directory or skill file the last build read has changed since (a few stats): a skill
   * written just before a request, which the watcher has not reported yet, is still seen.
   */
  changed(): boolean {
    if (!this.stamps) return true;
    for (const [path, mtime] of this.stamps) if (mtimeOf(path) !== mtime) return true;
    return false;
  }

  /** A scan's skipped folder is said once per process, not on every rebuild. */
  private once(where: string, message: string): void {
    if (this.said.has(message)) return;
    this.said.add(message);
    this.problem(where, message);
  }

  private collision(loser: Skill, winner: Skill): string {
    const message = `${loser.filePath}: skill name "${loser.name}" is already taken by ${winner.filePath}; keeping the first one found`;
    if (this.collisions.get(loser.filePath) !== message) this.problem(loser.filePath, message);
    this.collisions.set(loser.filePath, message);
    return loser.filePath;
  }
}

function realPath(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}
