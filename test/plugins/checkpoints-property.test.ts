// Property: for random file trees (random byte names: non-UTF-8, pathspec magic, spaces, newlines;
// random contents: CRLF, lone CR, binary) with a hostile .gitattributes, a checkpoint followed by
// random mutations (edits, deletions, creations, exec bits, .gitignore emptied) and a rewind gives
// back every tracked file byte for byte with its exec bit, removes what the turn created, and
// leaves every ignored file that existed before exactly as it was.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ShadowRepo, shadowDir } from "../../plugins/checkpoints/shadow.js";

const root = mkdtempSync(join(tmpdir(), "pik-cp-prop-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FOLDERS = ["", "d/", "d/e/", "f g/"];
const SPECIAL = [":(x)", ":!", "*", "[a]", " ", "\n", "\r", "\\", "\xff", "\x80", "\xe9", "-", "~", "'", '"'];

/** A file name: bytes other than NUL and "/", not "." or "..", never a folder name used above. */
const name = fc
  .array(fc.oneof(fc.constantFrom(...SPECIAL), fc.constantFrom("a", "b", "x", "Z", "0", ".")), { minLength: 1, maxLength: 6 })
  .map((parts) => Buffer.from(`n${parts.join("")}`, "latin1"));
const content = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc.array(fc.constantFrom("line", "\r\n", "\n", "\r", "é", "\0", "$Id$"), { maxLength: 12 }).map((p) => Buffer.from(p.join(""))),
);
const file = fc.record({ folder: fc.constantFrom(...FOLDERS), name, content, exec: fc.boolean() });
const mutation = fc.oneof(
  fc.record({ op: fc.constant("edit" as const), i: fc.nat(), content }),
  fc.record({ op: fc.constant("delete" as const), i: fc.nat() }),
  fc.record({ op: fc.constant("chmod" as const), i: fc.nat() }),
  fc.record({ op: fc.constant("create" as const), folder: fc.constantFrom(...FOLDERS, "new/"), name, content }),
  fc.record({ op: fc.constant("unignore" as const) }),
);

let n = 0;

describe("checkpoints, property", () => {
  it("a rewind restores tracked files byte for byte and never destroys ignored files that existed before", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(file, { minLength: 1, maxLength: 8 }), fc.array(mutation, { maxLength: 8 }), async (files, mutations) => {
        const ws = join(root, `w${n++}`);
        mkdirSync(ws, { recursive: true });
        const path = (rel: Buffer) => Buffer.concat([Buffer.from(`${ws}/`), rel]);
        writeFileSync(join(ws, ".gitignore"), "*.secret\nignored/\n");
        writeFileSync(join(ws, ".gitattributes"), "* text=auto eol=crlf ident\n");
        writeFileSync(join(ws, "a.secret"), "KEY=1\r\n");
        mkdirSync(join(ws, "ignored"));
        writeFileSync(join(ws, "ignored", "cache"), Buffer.from([0, 255, 13, 10]));
        const tracked = new Map<string, { rel: Buffer; content: Buffer; exec: boolean }>();
        for (const f of files) {
          const rel = Buffer.from(f.folder + f.name.toString("latin1"), "latin1");
          mkdirSync(join(ws, f.folder), { recursive: true });
          writeFileSync(path(rel), f.content, { mode: f.exec ? 0o755 : 0o644 });
          chmodSync(path(rel), f.exec ? 0o755 : 0o644);
          tracked.set(rel.toString("latin1"), { rel, content: f.content, exec: f.exec });
        }
        const repo = new ShadowRepo(shadowDir(join(root, "agent"), ws), ws, 1024 * 1024);
        const before = await repo.snapshot();
        const list = [...tracked.values()];
        const created: Buffer[] = [];
        for (const m of mutations) {
          const target = list[("i" in m ? m.i : 0) % list.length];
          if (m.op === "edit" && existsSync(path(target.rel)))
            writeFileSync(path(target.rel), Buffer.concat([m.content, Buffer.from("!")]));
          if (m.op === "delete" && existsSync(path(target.rel))) unlinkSync(path(target.rel));
          if (m.op === "chmod" && existsSync(path(target.rel))) chmodSync(path(target.rel), target.exec ? 0o644 : 0o755);
          if (m.op === "unignore") writeFileSync(join(ws, ".gitignore"), "");
          if (m.op === "create") {
            const rel = Buffer.from(`${m.folder}new-${m.name.toString("latin1")}`, "latin1");
            if (tracked.has(rel.toString("latin1"))) continue;
            mkdirSync(join(ws, m.folder), { recursive: true });
            writeFileSync(path(rel), m.content);
            created.push(rel);
          }
        }
        const now = await repo.snapshot();
        await repo.restore(before, now);
        for (const t of tracked.values()) {
          expect(readFileSync(path(t.rel))).toEqual(t.content);
          expect((statSync(path(t.rel)).mode & 0o100) !== 0).toBe(t.exec);
        }
        for (const rel of created) expect(existsSync(path(rel))).toBe(false);
        expect(readFileSync(join(ws, ".gitignore"), "utf8")).toBe("*.secret\nignored/\n");
        expect(readFileSync(join(ws, "a.secret"), "utf8")).toBe("KEY=1\r\n");
        expect(readFileSync(join(ws, "ignored", "cache"))).toEqual(Buffer.from([0, 255, 13, 10]));
      }),
      { numRuns: 20 },
    );
    // 20 runs of real git commands: ~6 s on a quiet 2-core machine, 10-13 s in CI beside the other
    // worker, which the 20 s default left little room above.
  }, 60_000);
});
