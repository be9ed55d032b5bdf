// The one file-watching facility (lib/resource-kit watchPaths), on real files in a temp dir:
// debounced callbacks, saves that change nothing skipped, folders that do not exist yet, files
// saved by renaming over them, a quick second save inside chokidar's throttle, and update().
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PathWatcher, watchPaths } from "../../lib/resource-kit/index.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function setup(targets: (dir: string) => string[]) {
  const dir = mkdtempSync(join(tmpdir(), "pik-watch-"));
  const seen: string[][] = [];
  const watcher: PathWatcher = watchPaths(targets(dir), (paths) => seen.push(paths), { debounceMs: 30 });
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => watcher.close(),
  );
  const flat = () => seen.flat();
  return { dir, watcher, seen, flat };
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("watchPaths", () => {
  it("reports a changed file once per save, and a save that leaves the content as it was not at all", async () => {
    const { dir, watcher, flat } = setup((d) => [d]);
    await watcher.ready;
    const a = join(dir, "a.txt");
    writeFileSync(a, "one");
    await until(() => flat().includes(a));
    const count = flat().length;
    writeFileSync(a, "one"); // same content: nothing to report
    const b = join(dir, "b.txt");
    writeFileSync(b, "marker");
    await until(() => flat().includes(b));
    expect(flat().slice(count)).toEqual([b]);
  });

  it("waits for a folder that does not exist yet and reports what is written in it", async () => {
    const { dir, watcher, flat } = setup((d) => [join(d, ".pi", "skills")]);
    await watcher.ready;
    const skill = join(dir, ".pi", "skills", "x", "SKILL.md");
    mkdirSync(join(dir, ".pi", "skills", "x"), { recursive: true });
    writeFileSync(skill, "---\nname: x\n---\n");
    await until(() => flat().some((p) => p.startsWith(join(dir, ".pi", "skills"))));
    writeFileSync(skill, "---\nname: x\ndescription: y\n---\n");
    await until(() => flat().includes(skill));
  });

  it("sees a file target saved by writing a new file and renaming it over the old one", async () => {
    const { dir, watcher, flat } = setup((d) => {
      writeFileSync(join(d, "theme.json"), "{}");
      return [join(d, "theme.json")];
    });
    await watcher.ready;
    writeFileSync(join(dir, "theme.json.tmp"), '{"a":1}');
    renameSync(join(dir, "theme.json.tmp"), join(dir, "theme.json"));
    await until(() => flat().includes(join(dir, "theme.json")));
  });

  it("reports a second save that lands inside chokidar's 50 ms throttle, after the first was reported", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pik-watch-"));
    const f = join(dir, "f.txt");
    const read: string[] = [];
    // What a consumer sees is what it reads when called: the last read must be the last save.
    const watcher = watchPaths([dir], (paths) => paths.includes(f) && read.push(readFileSync(f, "utf8")), { debounceMs: 30 });
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => watcher.close(),
    );
    await watcher.ready;
    writeFileSync(f, "first");
    await until(() => read.includes("first"));
    writeFileSync(f, "second");
    await new Promise((r) => setTimeout(r, 40)); // after the debounced callback, inside the throttle
    writeFileSync(f, "third");
    await until(() => read.at(-1) === "third");
  });

  it("stops reporting a target update() took away", async () => {
    const { dir, watcher, flat } = setup((d) => {
      mkdirSync(join(d, "a"));
      mkdirSync(join(d, "b"));
      return [join(d, "a"), join(d, "b")];
    });
    await watcher.ready;
    watcher.update([join(dir, "b")]);
    writeFileSync(join(dir, "a", "x"), "1");
    writeFileSync(join(dir, "b", "y"), "1");
    await until(() => flat().includes(join(dir, "b", "y")));
    expect(flat()).not.toContain(join(dir, "a", "x"));
  });
});
