// The hooks plugin's pure parts: Claude Code's matchers (exact names, alternatives, regular
// expressions, MCP tool names, our lower-case tools), hooks files in Claude Code's and Codex's
// shapes, and the matrix of exit codes and JSON answers per event, merged across parallel hooks.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CommandHook, readHooks } from "../../../plugins/hooks/config.js";
import { eventNamed, HOOK_EVENTS } from "../../../plugins/hooks/events.js";
import { compileMatcher } from "../../../plugins/hooks/matcher.js";
import { merge } from "../../../plugins/hooks/outcome.js";
import { untrustedContent } from "../../../lib/packages/index.js";

describe("matchers", () => {
  it("match as Claude Code's do, in our tools' spelling too", () => {
    expect(compileMatcher(undefined)("anything")).toBe(true);
    expect(compileMatcher("")("x")).toBe(true);
    expect(compileMatcher("*")("x")).toBe(true);
    expect(compileMatcher("Bash")("bash")).toBe(true);
    expect(compileMatcher("Bash")("Bash")).toBe(true);
    expect(compileMatcher("Bash")("bash_extra")).toBe(false);
    expect(compileMatcher("Edit|Write")("write")).toBe(true);
    expect(compileMatcher("Edit|Write")("read")).toBe(false);
    expect(compileMatcher("mcp__github__.*")("mcp__github__create_issue")).toBe(true);
    expect(compileMatcher("mcp__github__.*")("mcp__gitlab__create_issue")).toBe(false);
    expect(compileMatcher("mcp__.*__write.*")("mcp__fs__write_file")).toBe(true);
    expect(compileMatcher("Notebook.*")("NotebookEdit")).toBe(true);
    expect(compileMatcher("startup")("startup")).toBe(true);
    expect(() => compileMatcher("(unclosed")).toThrow(/not a regular expression/);
  });

  it("never throw on any value once compiled, and a plain name only matches itself", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), fc.string(), (name, other) => {
        const m = compileMatcher(name);
        expect(m(name)).toBe(true);
        if (other !== name && other !== name.charAt(0).toUpperCase() + name.slice(1) && other.toLowerCase() !== name)
          expect(m(other)).toBe(other.charAt(0).toUpperCase() + other.slice(1) === name);
      }),
    );
  });
});

describe("hooks files", () => {
  it("read Claude Code's shape and Codex's flat one; report and skip what is wrong", () => {
    const problems: string[] = [];
    const claude = readHooks(
      {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "a.sh", timeout: 5 }] }],
        Stop: [{ hooks: [{ type: "command", command: "b.sh" }, { type: "prompt", prompt: "x" }, { type: "command" }] }],
        NoSuchEvent: [],
        PostToolUse: { matcher: "x" },
        Notification: [{ matcher: "(", hooks: [{ command: "c.sh" }] }],
      },
      "s.json",
      (m) => problems.push(m),
    );
    expect(claude.map((h) => [h.event, h.matcher, h.command, h.timeoutMs])).toEqual([
      ["PreToolUse", "Bash", "a.sh", 5000],
      ["Stop", undefined, "b.sh", 60_000],
    ]);
    expect(problems).toEqual([
      's.json: hooks.Stop: hooks of type "prompt" are not supported (only "command"); ignoring it',
      's.json: hooks.Stop: a hook has no "command"; ignoring it',
      "s.json: hooks.NoSuchEvent is not an event pi-kernel runs hooks for; ignoring it",
      "s.json: hooks.PostToolUse must be an array of {matcher, hooks}; ignoring it",
      expect.stringMatching(/^s\.json: hooks\.Notification: matcher "\(" is not a regular expression/),
    ]);
    const codex = readHooks(
      { pre_tool_use: [{ matcher: "Bash", command: "d.sh", timeout_ms: 1500 }], session_end: [{ command: "e.sh" }] },
      "h.json",
      () => {},
    );
    expect(codex.map((h) => [h.event, h.command, h.timeoutMs])).toEqual([
      ["PreToolUse", "d.sh", 1500],
      ["SessionEnd", "e.sh", 60_000],
    ]);
    expect(readHooks("nope", "x.json", (m) => problems.push(m))).toEqual([]);
    expect(problems.at(-1)).toBe('x.json: "hooks" must be an object of events; ignoring it');
  });

  it("know every event in Claude Code's and Codex's spellings", () => {
    for (const e of HOOK_EVENTS) {
      expect(eventNamed(e)).toBe(e);
      expect(eventNamed(e.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase())).toBe(e);
    }
    expect(eventNamed("PostToolUseFailure")).toBeUndefined();
  });
});

describe("what hooks answer", () => {
  const hook = (event: CommandHook["event"]): CommandHook => ({ event, matches: () => true, command: "h", timeoutMs: 1000, source: "t" });
  const run = (event: CommandHook["event"], exitCode: number | null, stdout = "", stderr = "", extra = {}) => ({
    hook: hook(event),
    outcome: { exitCode, stdout, stderr, timedOut: false, ...extra },
  });

  it("exit 2 blocks where the event can block, and is only shown where it cannot", () => {
    for (const e of ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "PermissionRequest"] as const)
      expect(merge(e, [run(e, 2, "", "why")]).block, e).toBe("why");
    for (const e of ["SessionStart", "SessionEnd", "PreCompact", "Notification"] as const) {
      const v = merge(e, [run(e, 2, "", "why")]);
      expect(v.block, e).toBeUndefined();
      expect(v.notices, e).toEqual([`${e} hook \`h\`: why`]);
    }
    expect(merge("PermissionRequest", [run("PermissionRequest", 2, "", "no")]).request).toEqual({ behavior: "deny", message: "no" });
  });

  it("other exit codes, timeouts and hooks that cannot start are non-blocking errors", () => {
    const v = merge("PreToolUse", [
      run("PreToolUse", 1, "", "oops"),
      run("PreToolUse", null, "", "", { timedOut: true }),
      run("PreToolUse", null, "", "", { error: "spawn sh ENOENT" }),
    ]);
    expect(v.block).toBeUndefined();
    expect(v.notices).toEqual([
      "PreToolUse hook `h` failed (exit code 1): oops",
      "PreToolUse hook `h` timed out after 1 s and was stopped",
      "PreToolUse hook `h` could not run: spawn sh ENOENT",
    ]);
  });

  it("plain stdout is context only for UserPromptSubmit and SessionStart", () => {
    expect(merge("UserPromptSubmit", [run("UserPromptSubmit", 0, "ctx\n")]).context).toEqual(["ctx"]);
    expect(merge("SessionStart", [run("SessionStart", 0, "ctx")]).context).toEqual(["ctx"]);
    expect(merge("PreToolUse", [run("PreToolUse", 0, "ctx")]).context).toEqual([]);
  });

  it("JSON answers: decisions, continue, systemMessage, context, updatedInput; deny beats ask beats allow", () => {
    const j = (o: unknown) => JSON.stringify(o);
    const allow = j({ hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "ls" } } });
    const ask = j({ hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "sure?" } });
    const deny = j({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "never" } });
    expect(merge("PreToolUse", [run("PreToolUse", 0, allow)])).toMatchObject({ permission: "allow", updatedInput: { command: "ls" } });
    expect(merge("PreToolUse", [run("PreToolUse", 0, allow), run("PreToolUse", 0, ask)])).toMatchObject({
      permission: "ask",
      permissionReason: "sure?",
    });
    const denied = merge("PreToolUse", [run("PreToolUse", 0, ask), run("PreToolUse", 0, deny), run("PreToolUse", 0, allow)]);
    expect(denied).toMatchObject({ permission: "deny", block: "never" });
    expect(merge("PreToolUse", [run("PreToolUse", 0, j({ decision: "block", reason: "old style" }))]).block).toBe("old style");
    expect(merge("PreToolUse", [run("PreToolUse", 0, j({ decision: "approve" }))]).permission).toBe("allow");
    expect(merge("PostToolUse", [run("PostToolUse", 0, j({ decision: "block", reason: "fix it" }))]).block).toBe("fix it");
    expect(merge("Stop", [run("Stop", 0, j({ decision: "block", reason: "go on" }))]).block).toBe("go on");
    expect(merge("Stop", [run("Stop", 0, j({ continue: false, stopReason: "enough", systemMessage: "hi" }))])).toMatchObject({
      stop: "enough",
      notices: ["hi"],
    });
    expect(
      merge("PostToolUse", [run("PostToolUse", 0, j({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "more" } }))])
        .context,
    ).toEqual(["more"]);
    expect(
      merge("PermissionRequest", [
        run("PermissionRequest", 0, j({ hookSpecificOutput: { decision: { behavior: "allow", updatedInput: { a: 1 } } } })),
      ]),
    ).toMatchObject({ request: { behavior: "allow" }, updatedInput: { a: 1 } });
    // Not JSON, or JSON that is not an object: plain output.
    expect(merge("PreToolUse", [run("PreToolUse", 0, "{not json")]).block).toBeUndefined();
    expect(merge("UserPromptSubmit", [run("UserPromptSubmit", 0, "[1,2]")]).context).toEqual(["[1,2]"]);
  });

  it("no stdout, however hostile, throws or blocks unless it says block or deny", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...HOOK_EVENTS), (stdout, event) => {
        const v = merge(event, [run(event, 0, stdout)]);
        if (v.block) expect(stdout).toMatch(/block|deny/);
      }),
    );
  });
});

describe("the trust check", () => {
  it("names a project's hooks files among what waits for trust (an empty hooks object is nothing)", () => {
    const project = mkdtempSync(join(tmpdir(), "pik-hooks-trust-"));
    const put = (file: string, value: unknown) => {
      mkdirSync(join(project, file, ".."), { recursive: true });
      writeFileSync(join(project, file), JSON.stringify(value));
    };
    const one = { Stop: [{ hooks: [{ type: "command", command: "x" }] }] };
    put(".pi/settings.json", { hooks: one, theme: "dark" });
    put(".claude/settings.json", { hooks: one });
    put(".claude/settings.local.json", { hooks: {} });
    put(".codex/hooks.json", { hooks: one });
    expect(untrustedContent(project)).toEqual([".pi/settings.json hooks", ".claude/settings.json hooks", ".codex/hooks.json hooks"]);
  });
});
