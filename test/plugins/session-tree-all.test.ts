// EntryTree.all(): every entry in file order, off-path ones (not kept in memory after opening)
// read back in one pass and still not kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Session } from "../../plugins/session-jsonl/model/session.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

it("reads every entry in file order, including a long off-path branch, without keeping it", () => {
  dir = mkdtempSync(join(tmpdir(), "pik-tree-all-"));
  const report = () => {};
  const s = Session.create({ cwd: dir, dir, report });
  const first = s.append({ type: "message", message: { role: "user", content: "root", timestamp: 1 } });
  for (let i = 0; i < 100; i++) {
    const role = i % 2 ? "user" : "assistant";
    s.append({
      type: "message",
      message:
        role === "user"
          ? { role, content: `q${i}`, timestamp: i }
          : ({ role, content: [{ type: "text", text: `a${i}` }], timestamp: i } as never),
    });
  }
  s.moveLeaf(first.id);
  s.append({ type: "message", message: { role: "assistant", content: [{ type: "text", text: "other branch" }], timestamp: 2 } as never });
  const opened = Session.open(s.path!, report);
  const unloaded = opened.tree.order.filter((n) => !n.entry).length;
  expect(unloaded).toBeGreaterThanOrEqual(64);
  const all = opened.tree.all();
  expect(all).toHaveLength(102);
  expect(all.map((e) => e.id)).toEqual(opened.tree.order.map((n) => n.id));
  expect(JSON.stringify(all[50])).toMatch(/"(q|a)49"/);
  expect(opened.tree.order.filter((n) => !n.entry).length).toBe(unloaded);
});
