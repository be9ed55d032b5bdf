// The shadow repository against hostile workspaces (issue 30, point 6), on real temp folders and
// real git: a rewind restores byte for byte (the project's .gitattributes, the user's global git
// config and filters never apply), never deletes a file the checkpoint did not track (an ignored
// .env, however the turn un-ignored it), snapshots any file name (non-UTF-8 bytes, names git would
// read as pathspecs), survives a folder replaced by a symlink without writing through it, keeps
// the executable bit, and several sessions snapshotting one workspace at once all succeed.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ShadowRepo, shadowDir } from "../../plugins/checkpoints/shadow.js";

const roots: string[] = [];
const savedEnv = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
let home = "";

beforeEach(() => {
  // A user's global git config that would change what is stored and run code if it applied.
  home = mkdtempSync(join(tmpdir(), "pik-home-"));
  roots.push(home);
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = join(home, ".config");
});
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  for (const [k, v] of Object.entries(savedEnv))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

function setup(cap = 1024 * 1024) {
  const root = mkdtempSync(join(tmpdir(), "pik-hostile-"));
  roots.push(root);
  const ws = join(root, "ws");
  mkdirSync(ws);
  const repo = () => new ShadowRepo(shadowDir(join(root, "agent"), ws), ws, cap);
  return { root, ws, repo: repo(), another: repo };
}

/** Snapshot, let `turn` change the workspace, rewind to the snapshot; returns the restored paths. */
async function rewindAround(repo: ShadowRepo, turn: () => void): Promise<string[]> {
  const before = await repo.snapshot();
  turn();
  const now = await repo.snapshot();
  return repo.restore(before, now);
}

describe("a rewind never deletes what the checkpoint did not track", () => {
  const spellings: [string, string][] = [
    ["the rule removed", ""],
    ["the rule negated", ".env\n!.env\n"],
    ["an unrelated rule instead", "*.log\n"],
  ];
  for (const [name, gitignore] of spellings) {
    it(`an ignored .env that existed before survives (${name})`, async () => {
      const { ws, repo } = setup();
      writeFileSync(join(ws, ".gitignore"), ".env\nsecrets/\n");
      writeFileSync(join(ws, ".env"), "KEY=1\n");
      mkdirSync(join(ws, "secrets"));
      writeFileSync(join(ws, "secrets", "id"), "private\n");
      await rewindAround(repo, () => writeFileSync(join(ws, ".gitignore"), gitignore));
      expect(readFileSync(join(ws, ".env"), "utf8")).toBe("KEY=1\n");
      expect(readFileSync(join(ws, "secrets", "id"), "utf8")).toBe("private\n");
      expect(readFileSync(join(ws, ".gitignore"), "utf8")).toBe(".env\nsecrets/\n");
    });
  }

  it("a .gitignore deleted by the turn, and a file over the size cap before it, are kept too", async () => {
    const { ws, repo } = setup(10);
    writeFileSync(join(ws, ".gitignore"), "*.key\n");
    writeFileSync(join(ws, "a.key"), "k\n");
    writeFileSync(join(ws, "big.bin"), "x".repeat(50));
    await rewindAround(repo, () => {
      unlinkSync(join(ws, ".gitignore"));
      writeFileSync(join(ws, "big.bin"), "small");
    });
    expect(readFileSync(join(ws, "a.key"), "utf8")).toBe("k\n");
    expect(readFileSync(join(ws, ".gitignore"), "utf8")).toBe("*.key\n");
    expect(existsSync(join(ws, "big.bin"))).toBe(true);
  });

  it("a file the turn created is removed; an empty folder that existed before stays", async () => {
    const { ws, repo } = setup();
    writeFileSync(join(ws, "a.txt"), "a\n");
    mkdirSync(join(ws, "empty"));
    const restored = await rewindAround(repo, () => {
      writeFileSync(join(ws, "empty", "new.txt"), "new\n");
      writeFileSync(join(ws, "b.txt"), "b\n");
    });
    expect(restored).toEqual(["b.txt", "empty/new.txt"]);
    expect(readdirSync(ws).sort()).toEqual(["a.txt", "empty"]);
    expect(readdirSync(join(ws, "empty"))).toEqual([]);
  });
});

describe("folders a rewind empties", () => {
  it("go when made after the checkpoint; one that existed before, empty, stays", async () => {
    const { ws, repo } = setup();
    mkdirSync(join(ws, "was-empty"));
    writeFileSync(join(ws, "a.txt"), "a\n");
    const before = await repo.snapshot();
    const since = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(join(ws, "was-empty", "new.txt"), "new\n");
    mkdirSync(join(ws, "made", "deep"), { recursive: true });
    writeFileSync(join(ws, "made", "deep", "x.txt"), "x\n");
    const now = await repo.snapshot();
    await repo.restore(before, now, since);
    // Where the file system records no creation time, folders made since stay too.
    const knowsBirth = statSync(join(ws, "was-empty")).birthtimeMs > 0;
    expect(readdirSync(ws).sort()).toEqual(knowsBirth ? ["a.txt", "was-empty"] : ["a.txt", "made", "was-empty"]);
    expect(readdirSync(join(ws, "was-empty"))).toEqual([]);
  });
});

describe("a rewind restores byte for byte", () => {
  const attributes = ["* text=auto eol=crlf\n", "* text eol=lf\n", "*.txt text\n*.bin -text\n", "* ident\n", "* filter=evil\n"];
  const contents: [string, Buffer][] = [
    ["crlf.txt", Buffer.from("one\r\ntwo\r\n")],
    ["lf.txt", Buffer.from("one\ntwo\n")],
    ["mixed.txt", Buffer.from("a\r\nb\nc\rd")],
    ["ident.txt", Buffer.from("$Id$\n")],
    ["bin.bin", Buffer.from([0, 1, 2, 13, 10, 255, 254, 0, 10])],
  ];
  for (const attr of attributes) {
    it(`with .gitattributes ${JSON.stringify(attr)} and a global config asking for conversions and filters`, async () => {
      const marker = join(home, "filter-ran");
      mkdirSync(join(home, ".config", "git"), { recursive: true });
      writeFileSync(
        join(home, ".gitconfig"),
        `[core]\n\tautocrlf = true\n\tsafecrlf = true\n\tfsmonitor = ${join(home, "fsmonitor.sh")}\n\thooksPath = ${home}\n` +
          `[filter "evil"]\n\tclean = sh -c 'touch ${marker}; tr a-z A-Z'\n\tsmudge = sh -c 'touch ${marker}; tr a-z A-Z'\n`,
      );
      writeFileSync(join(home, "fsmonitor.sh"), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
      const { ws, repo } = setup();
      writeFileSync(join(ws, ".gitattributes"), attr);
      for (const [name, bytes] of contents) writeFileSync(join(ws, name), bytes);
      await rewindAround(repo, () => {
        for (const [name] of contents) writeFileSync(join(ws, name), "changed\n");
      });
      for (const [name, bytes] of contents) expect(readFileSync(join(ws, name)), name).toEqual(bytes);
      expect(existsSync(marker)).toBe(false);
    });
  }

  it("keeps the executable bit both ways and restores a symlink as a symlink", async () => {
    const { ws, repo } = setup();
    writeFileSync(join(ws, "run.sh"), "#!/bin/sh\n", { mode: 0o755 });
    writeFileSync(join(ws, "plain.sh"), "#!/bin/sh\n", { mode: 0o644 });
    symlinkSync("run.sh", join(ws, "link"));
    await rewindAround(repo, () => {
      chmodSync(join(ws, "run.sh"), 0o644);
      chmodSync(join(ws, "plain.sh"), 0o755);
      unlinkSync(join(ws, "link"));
      writeFileSync(join(ws, "link"), "a file now\n");
    });
    expect(statSync(join(ws, "run.sh")).mode & 0o111).not.toBe(0);
    expect(statSync(join(ws, "plain.sh")).mode & 0o111).toBe(0);
    expect(lstatSync(join(ws, "link")).isSymbolicLink()).toBe(true);
  });
});

describe("any file name", () => {
  const names: [string, Buffer][] = [
    ["latin-1 byte", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74])],
    ["lone continuation byte", Buffer.from([0x80, 0x61])],
    ["pathspec magic", Buffer.from(":(x)notes")],
    ["glob magic", Buffer.from(":(glob)*")],
    ["exclude magic", Buffer.from(":!keep")],
    ["a star", Buffer.from("*")],
    ["brackets", Buffer.from("[ab]")],
    ["a leading dash", Buffer.from("-rf")],
    ["a newline and a tab", Buffer.from("two\nlines\t.txt")],
    ["a backslash and quotes", Buffer.from('back\\slash "q"')],
    ["NTFS short name of .git", Buffer.from("GIT~1")],
    ["a trailing dot and space", Buffer.from("name. ")],
  ];
  for (const [what, name] of names) {
    it(`is snapshotted and restored: ${what}`, async () => {
      const { ws, repo } = setup();
      const wsBuf = Buffer.from(ws);
      const path = Buffer.concat([wsBuf, Buffer.from("/"), name]);
      writeFileSync(path, "before\n");
      writeFileSync(join(ws, "keep"), "keep\n");
      writeFileSync(join(ws, "ab"), "ab\n");
      const created = Buffer.concat([wsBuf, Buffer.from("/new-"), name]);
      const restored = await rewindAround(repo, () => {
        writeFileSync(path, "after\n");
        writeFileSync(created, "created\n");
      });
      expect(restored.length).toBe(2);
      expect(readFileSync(path, "utf8")).toBe("before\n");
      expect(existsSync(created)).toBe(false);
      expect(readFileSync(join(ws, "keep"), "utf8")).toBe("keep\n");
      expect(readFileSync(join(ws, "ab"), "utf8")).toBe("ab\n");
    });
  }
});

describe("names git refuses to store", () => {
  for (const name of [".GIT", ".Git/config", "sub/.gIt/x"]) {
    it(`${name}: the snapshot still works, the file is never deleted`, async () => {
      const { ws, repo } = setup();
      mkdirSync(join(ws, name, ".."), { recursive: true });
      writeFileSync(join(ws, name), "odd\n");
      await rewindAround(repo, () => writeFileSync(join(ws, "new.txt"), "new\n"));
      expect(readFileSync(join(ws, name), "utf8")).toBe("odd\n");
      expect(existsSync(join(ws, "new.txt"))).toBe(false);
    });
  }
});

describe("folders replaced by links and files", () => {
  it("a folder replaced by a symlink: later checkpoints still work and the rewind never writes through the link", async () => {
    const { root, ws, repo } = setup();
    mkdirSync(join(ws, "d"));
    writeFileSync(join(ws, "d", "x"), "inside\n");
    const outside = join(root, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "x"), "outside\n");
    const before = await repo.snapshot();
    rmSync(join(ws, "d"), { recursive: true });
    symlinkSync(outside, join(ws, "d"));
    const now = await repo.snapshot();
    writeFileSync(join(ws, "later.txt"), "later\n");
    const later = await repo.snapshot();
    expect(later).not.toBe(now);
    await repo.restore(before, later);
    expect(lstatSync(join(ws, "d")).isDirectory()).toBe(true);
    expect(readFileSync(join(ws, "d", "x"), "utf8")).toBe("inside\n");
    expect(readFileSync(join(outside, "x"), "utf8")).toBe("outside\n");
    expect(existsSync(join(ws, "later.txt"))).toBe(false);
  });

  it("a file replaced by a folder, and back", async () => {
    const { ws, repo } = setup();
    writeFileSync(join(ws, "f"), "file\n");
    const before = await repo.snapshot();
    unlinkSync(join(ws, "f"));
    mkdirSync(join(ws, "f"));
    writeFileSync(join(ws, "f", "inner"), "inner\n");
    const now = await repo.snapshot();
    await repo.restore(before, now);
    expect(readFileSync(join(ws, "f"), "utf8")).toBe("file\n");
    const back = await repo.snapshot();
    await repo.restore(now, back);
    expect(readFileSync(join(ws, "f", "inner"), "utf8")).toBe("inner\n");
  });

  it("an ignored file in a folder's place: the rewind says so, restores the rest and deletes nothing", async () => {
    const { ws, repo } = setup();
    writeFileSync(join(ws, ".gitignore"), "/d\n!/d/\n");
    mkdirSync(join(ws, "d"));
    writeFileSync(join(ws, "d", "x"), "x\n");
    writeFileSync(join(ws, "a.txt"), "a\n");
    const before = await repo.snapshot();
    rmSync(join(ws, "d"), { recursive: true });
    writeFileSync(join(ws, "d"), "ignored file now\n");
    writeFileSync(join(ws, "a.txt"), "changed\n");
    const now = await repo.snapshot();
    await expect(repo.restore(before, now)).rejects.toThrow(/d\/x: something the checkpoint did not track is in the way/);
    expect(readFileSync(join(ws, "d"), "utf8")).toBe("ignored file now\n");
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("a\n");
  });

  it("a nested repository is neither snapshotted nor deleted", async () => {
    const { ws, repo } = setup();
    mkdirSync(join(ws, "sub", ".git"), { recursive: true });
    writeFileSync(join(ws, "sub", ".git", "HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(ws, "sub", "file"), "sub\n");
    await rewindAround(repo, () => writeFileSync(join(ws, "top"), "top\n"));
    expect(readFileSync(join(ws, "sub", "file"), "utf8")).toBe("sub\n");
    expect(existsSync(join(ws, "top"))).toBe(false);
  });
});

describe("several sessions in one workspace", () => {
  it("snapshot at once, many rounds, and every snapshot succeeds", async () => {
    const { ws, another } = setup();
    const sessions = [another(), another(), another()];
    writeFileSync(join(ws, "a.txt"), "0\n");
    for (let round = 0; round < 15; round++) {
      writeFileSync(join(ws, "a.txt"), `${round}\n`);
      writeFileSync(join(ws, `f${round}.txt`), `${round}\n`);
      const results = await Promise.allSettled(sessions.map((s) => s.snapshot()));
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    }
  });
});
