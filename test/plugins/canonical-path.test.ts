// One meaning of a path (lib/tool-kit canonicalPath) and the permission gate built on it, on real
// files in a temp dir with real symlinks. Property-based: fast-check writes hostile spellings of a
// denied file (pi's `@`, Unicode spaces around it, `./`, `x/../`, doubled slashes, `~`, a symlinked
// folder, absolute or relative) and the gate's decision is always the one for the canonical
// spelling, and the file the tool opens (resolveToolPath, the same function) is the file judged.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, relative } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolCallEvent, ToolDef } from "pi-kernel";
import {
  canonicalPath,
  createEditTool,
  createFileMutationQueue,
  createWriteTool,
  namedPath,
  readTool,
  resolveToolPath,
} from "../../lib/tool-kit/index.js";
import { callView } from "../../plugins/permissions/classify.js";
import { decide } from "../../plugins/permissions/decide.js";
import { parseRule } from "../../plugins/permissions/rules.js";
import type { SourcedRule } from "../../plugins/permissions/settings.js";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pik-canon-")));
const cwd = join(root, "work");
const outside = join(root, "outside");
for (const dir of [join(cwd, "src", "deep"), join(cwd, "secret"), outside]) mkdirSync(dir, { recursive: true });
writeFileSync(join(cwd, ".env"), "TOKEN=1\n");
writeFileSync(join(cwd, "secret", "key.txt"), "k\n");
symlinkSync(join(cwd, "secret"), join(cwd, "alias")); // a folder link inside the workspace
symlinkSync(join(cwd, "src", "deep"), join(cwd, "deeplink")); // `deeplink/..` is src, not the workspace
symlinkSync(outside, join(cwd, "out")); // a link out of the workspace
symlinkSync("missing-target.txt", join(cwd, "dangling")); // a write creates missing-target.txt
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rules = (texts: string[], kind: SourcedRule["kind"] = "deny"): SourcedRule[] =>
  texts.map((t) => ({ ...parseRule(t)!, kind, source: "user" }));
const DENY = rules(["Read(./.env)", "Edit(secret/**)"]);
const mutations = createFileMutationQueue();
const TOOLS: Record<string, ToolDef> = {
  read: readTool as ToolDef,
  write: createWriteTool(mutations) as ToolDef,
  edit: createEditTool(mutations) as ToolDef,
};
/** The call as the gate sees it: with what the real tool declares (its effect and the paths it touches). */
const call = (toolName: string, path: string) =>
  callView({ toolCallId: "t", toolName, input: { path } } satisfies ToolCallEvent, TOOLS[toolName], cwd);

describe("canonicalPath", () => {
  it("folds spellings the tools accept and resolves links as the OS does", () => {
    expect(canonicalPath(cwd, "@.env")).toBe(join(cwd, ".env"));
    expect(canonicalPath(cwd, `\u00a0${join(cwd, ".env")}\u3000`)).toBe(join(cwd, ".env"));
    expect(canonicalPath(cwd, "alias/key.txt")).toBe(join(cwd, "secret", "key.txt"));
    expect(canonicalPath(cwd, "alias/new/file.txt")).toBe(join(cwd, "secret", "new", "file.txt"));
    // `..` after a link leaves the link's target, as open(2) does (not the folder holding the link).
    expect(canonicalPath(cwd, "deeplink/../x.txt")).toBe(join(cwd, "src", "x.txt"));
    expect(canonicalPath(cwd, "deeplink/../new/../y.txt")).toBe(join(cwd, "src", "y.txt"));
    expect(canonicalPath(cwd, "out/new.txt")).toBe(join(outside, "new.txt"));
    expect(canonicalPath(cwd, "dangling")).toBe(join(cwd, "missing-target.txt"));
    expect(canonicalPath(cwd, "~")).toBe(realpathSync(homedir()));
    expect(canonicalPath("/w-does-not-exist", "./a/../b")).toBe("/w-does-not-exist/b");
    expect(resolveToolPath).toBe(canonicalPath);
    // The link as named: its folder canonical, its own name kept.
    expect(namedPath(cwd, "alias")).toBe(join(cwd, "alias"));
  });
});

/** A spelling of `target` (workspace-relative, inside `cwd`) the tools accept. */
function spelling(target: string): fc.Arbitrary<string> {
  const spaces = fc.constantFrom("", " ", "\u00a0", "\u2000", "\u2003", "\u200a", "\u202f", "\u205f", "\u3000");
  const parts = target.split("/");
  const dirs = parts.slice(0, -1);
  const folder = fc.array(fc.constantFrom("./", ".//", "src/../", "src//deep/../../", "deeplink/../../", "deeplink/..//../"), {
    maxLength: 3,
  });
  return fc
    .record({
      pre: spaces,
      post: spaces,
      at: fc.boolean(),
      base: fc.constantFrom("rel", "abs", "home"),
      hops: folder,
      viaAlias: fc.boolean(),
    })
    .map(({ pre, post, at, base, hops, viaAlias }) => {
      const hopPrefix = hops.join("");
      const dirPath = dirs[0] === "secret" && viaAlias ? ["alias", ...dirs.slice(1)] : dirs;
      const rel = [...dirPath, parts.at(-1)].join("/");
      const body =
        base === "abs"
          ? `${cwd}/${hopPrefix}${rel}`
          : base === "home" && cwd.startsWith(`${homedir()}/`)
            ? `~/${relative(homedir(), cwd)}/${hopPrefix}${rel}`
            : `${hopPrefix}${rel}`;
      return `${pre}${at ? "@" : ""}${body}${post}`;
    });
}

describe("the gate judges the file the tool opens", () => {
  it("every spelling of a denied file gets the canonical spelling's decision, and names the same file", () => {
    const cases = [
      { tool: "read", target: ".env" },
      { tool: "write", target: "secret/key.txt" },
      { tool: "edit", target: "secret/sub/new.txt" },
    ];
    for (const { tool, target } of cases) {
      const canonical = decide(call(tool, target), "yolo", DENY);
      expect(canonical.action).toBe("deny");
      fc.assert(
        fc.property(spelling(target), fc.constantFrom("yolo", "ask", "accept-edits") as fc.Arbitrary<"yolo">, (path, mode) => {
          expect(canonicalPath(cwd, path)).toBe(join(cwd, target));
          expect(decide(call(tool, path), mode, DENY)).toMatchObject({ action: "deny", by: "rule" });
        }),
        { numRuns: 300 },
      );
    }
  });

  it("accept-edits allows what is really inside the workspace and asks for what a link takes out", () => {
    fc.assert(
      fc.property(fc.constantFrom("", "./", "src/../", "deeplink/../../"), fc.constantFrom("", "@", "\u00a0"), (hop, pre) => {
        const inside = decide(call("write", `${pre}${hop}src/a.txt`), "accept-edits", []);
        const out = decide(call("write", `${pre}${hop}out/a.txt`), "accept-edits", []);
        expect(inside).toMatchObject({ action: "allow", by: "mode" });
        expect(out).toMatchObject({ action: "ask", by: "mode" });
      }),
    );
  });

  it("an allow rule must cover the canonical path; a rule naming a link still denies it", () => {
    const allowSrc = rules(["Edit(src/**)"], "allow");
    // src/deep/../../out is lexically inside src/**, physically outside the workspace.
    expect(decide(call("write", "deeplink/x"), "ask", allowSrc)).toMatchObject({ action: "allow" });
    expect(decide(call("write", "alias/x"), "ask", allowSrc)).toMatchObject({ action: "ask" });
    const denyLink = rules(["Read(./alias)"]);
    expect(decide(call("read", "alias"), "yolo", denyLink)).toMatchObject({ action: "deny" });
    expect(decide(call("read", "secret"), "yolo", denyLink)).toMatchObject({ action: "deny" });
  });
});

describe("agent configuration in accept-edits", () => {
  const agentDir = join(root, "agent");
  const edit = (path: string) => call("write", path);
  it("is asked with the reason, even under Edit(**) or a bare Edit; a rule naming it allows it", () => {
    for (const path of [".pi/settings.json", ".pi/extensions/x.js", ".mcp.json", ".git/hooks/pre-commit", "sub/.claude/settings.json"]) {
      for (const allow of [[], ["Edit(**)"], ["Edit"], ["Write(*)"]]) {
        const d = decide(edit(path), "accept-edits", rules(allow, "allow"), agentDir);
        expect(d, `${path} under ${allow}`).toMatchObject({ action: "ask", reason: expect.stringMatching(/agent's own configuration/) });
      }
      expect(decide(edit(path), "yolo", [], agentDir)).toMatchObject({ action: "allow" });
    }
    expect(decide(edit(join(agentDir, "extensions", "a.ts")), "accept-edits", [], agentDir)).toMatchObject({ action: "ask" });
    expect(decide(edit(".pi/settings.json"), "accept-edits", rules(["Edit(.pi/settings.json)"], "allow"), agentDir)).toMatchObject({
      action: "allow",
      by: "rule",
    });
    expect(decide(edit(".pi/extensions/a.ts"), "ask", rules(["Edit(.pi/**)"], "allow"), agentDir)).toMatchObject({ action: "allow" });
    expect(decide(edit("src/a.ts"), "accept-edits", [], agentDir)).toMatchObject({ action: "allow", by: "mode" });
  });
});
