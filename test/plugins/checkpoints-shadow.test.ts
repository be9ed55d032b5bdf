// The shadow repository on real temp folders: a snapshot respects .gitignore and the size cap,
// nothing changed means the same checkpoint (no new commit), restoring brings edited and deleted
// files back and removes created ones, and a file over the cap is never overwritten by a restore.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ShadowRepo, shadowDir } from "../../plugins/checkpoints/shadow.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function setup(cap = 100) {
  const root = mkdtempSync(join(tmpdir(), "pik-shadow-"));
  roots.push(root);
  const ws = join(root, "ws");
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(ws, "src", "a.txt"), "a1\n");
  writeFileSync(join(ws, "keep.txt"), "keep\n");
  writeFileSync(join(ws, ".gitignore"), "out/\n");
  return { ws, repo: new ShadowRepo(shadowDir(join(root, "agent"), ws), ws, cap) };
}

describe("shadow repository", () => {
  it("snapshots changes, reuses the checkpoint when nothing changed, restores and removes", async () => {
    const { ws, repo } = setup();
    const first = await repo.snapshot();
    expect(await repo.snapshot()).toBe(first);
    writeFileSync(join(ws, "src", "a.txt"), "a2\n");
    writeFileSync(join(ws, "created.txt"), "new\n");
    unlinkSync(join(ws, "keep.txt"));
    mkdirSync(join(ws, "out"));
    writeFileSync(join(ws, "out", "build.txt"), "ignored\n");
    const second = await repo.snapshot();
    expect(second).not.toBe(first);
    expect(await repo.changed(first, second)).toEqual(["created.txt", "keep.txt", "src/a.txt"]);
    expect(await repo.restore(first, second)).toEqual(["created.txt", "keep.txt", "src/a.txt"]);
    expect(readFileSync(join(ws, "src", "a.txt"), "utf8")).toBe("a1\n");
    expect(readFileSync(join(ws, "keep.txt"), "utf8")).toBe("keep\n");
    expect(existsSync(join(ws, "created.txt"))).toBe(false);
    expect(readFileSync(join(ws, "out", "build.txt"), "utf8")).toBe("ignored\n");
    // The restored state is itself a checkpoint, equal to the first one's tree.
    const third = await repo.snapshot();
    expect(await repo.changed(first, third)).toEqual([]);
    expect(await repo.restore(second, third)).toEqual(["created.txt", "keep.txt", "src/a.txt"]);
    expect(readFileSync(join(ws, "src", "a.txt"), "utf8")).toBe("a2\n");
  });

  it("a later process continues from the last snapshot, with or without the head file, and the repository keeps its settings", async () => {
    const { ws, repo } = setup();
    const first = await repo.snapshot();
    const dir = repo.dir;
    const git = (...args: string[]) => execFileSync("git", ["--git-dir", join(dir, "git"), ...args], { encoding: "utf8" }).trim();
    expect([git("config", "gc.auto"), git("config", "core.autocrlf"), git("config", "core.untrackedCache")]).toEqual([
      "0",
      "false",
      "true",
    ]);
    // Nothing changed: the next process's snapshot is the same checkpoint.
    expect(await new ShadowRepo(dir, ws, 100).snapshot()).toBe(first);
    writeFileSync(join(ws, "src", "a.txt"), "a2\n");
    const second = await new ShadowRepo(dir, ws, 100).snapshot();
    expect(git("rev-parse", `${second}^`)).toBe(first);
    // A shadow dir from before the head file: git is asked instead.
    rmSync(join(dir, "head"));
    writeFileSync(join(ws, "src", "a.txt"), "a3\n");
    const third = await new ShadowRepo(dir, ws, 100).snapshot();
    expect(git("rev-parse", `${third}^`)).toBe(second);
    expect(readFileSync(join(dir, "head"), "utf8")).toBe(`${third} ${git("rev-parse", `${third}^{tree}`)}\n`);
    // Its refs packed by a person's `git gc` (the loose ref file gone), without the head file: still asked.
    git("pack-refs", "--all");
    rmSync(join(dir, "head"));
    expect(existsSync(join(dir, "git", "refs", "heads", "checkpoints"))).toBe(false);
    writeFileSync(join(ws, "src", "a.txt"), "a4\n");
    expect(git("rev-parse", `${await new ShadowRepo(dir, ws, 100).snapshot()}^`)).toBe(third);
  });

  it("asks git nothing it can know: no rev-parse in a new shadow repository, one `git status` when nothing changed", async () => {
    const { ws, repo } = setup();
    // A git on PATH that logs each call (the shadow repository's git inherits PATH).
    const bin = join(ws, "..", "bin");
    mkdirSync(bin);
    const log = join(ws, "..", "git.log");
    const real = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    writeFileSync(join(bin, "git"), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    try {
      await repo.snapshot();
      const calls = () =>
        readFileSync(log, "utf8")
          .trim()
          .split("\n")
          .map((l) => l.replace(/^(-c \S+ )*/, "").split(" ")[0]);
      // No `rev-parse` of the head of a repository it has just made: there is none.
      expect(calls()).toEqual(["init", "status", "ls-files", "update-index", "write-tree", "commit-tree"]);
      rmSync(log);
      await new ShadowRepo(repo.dir, ws, 100).snapshot();
      expect(calls()).toEqual(["status"]);
    } finally {
      process.env.PATH = path;
    }
  });

  it("leaves files over the size cap out, and never overwrites them", async () => {
    const { ws, repo } = setup(10);
    const first = await repo.snapshot();
    writeFileSync(join(ws, "big.bin"), "x".repeat(50));
    writeFileSync(join(ws, "src", "a.txt"), "grown past the cap\n");
    const second = await repo.snapshot();
    expect(await repo.changed(first, second)).toEqual(["src/a.txt"]);
    expect(await repo.restore(first, second)).toEqual([]);
    expect(readFileSync(join(ws, "src", "a.txt"), "utf8")).toBe("grown past the cap\n");
    expect(existsSync(join(ws, "big.bin"))).toBe(true);
  });

  it("survives a restart: a new instance continues from the stored checkpoints", async () => {
    const { ws, repo } = setup();
    const first = await repo.snapshot();
    const again = new ShadowRepo(repo.dir, ws, 100);
    expect(await again.snapshot()).toBe(first);
  });
});
