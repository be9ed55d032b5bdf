// Sessions through the real CLI: a print run writes a session, -c continues it, --no-session
// writes nothing, -r explains itself without a UI, a pi fixture continues with --session, and
// /compact compacts through the command dispatcher.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cwdFolderName } from "../../plugins/session-jsonl/format/paths.js";
import { copyFixture, oracle, readEntries, sessionEnv, sessionSuite } from "../support/sessions.js";
import { runCli } from "../support/run-cli.js";

const t = sessionSuite();

const pi = (args: string[]) =>
  runCli(["--provider", "llmsim-openai", ...args], { cwd: t.env.project, env: { PI_CODING_AGENT_DIR: t.env.agentDir }, timeoutMs: 30_000 });
const sessionFiles = () => {
  const dir = join(t.env.agentDir, "sessions", cwdFolderName(t.env.project));
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".jsonl"))
        .map((f) => join(dir, f))
    : [];
};

describe("sessions from the command line", () => {
  it("-p writes a session, -c continues it, --no-session leaves nothing", async () => {
    t.env = sessionEnv(t.sim.url);
    t.sim.script({ text: "first answer" }, { text: "second answer" }, { text: "third answer" });
    expect((await pi(["-p", "remember the word kiwi"])).stdout).toBe("first answer\n");
    const [file] = sessionFiles();
    expect(readEntries(file).map((e) => e.type)).toEqual(["session", "model_change", "thinking_level_change", "message", "message"]);

    const start = t.sim.requests.length;
    const r = await pi(["-c", "-p", "which word?"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("second answer\n");
    expect(JSON.stringify(t.sim.requests[start].body.messages)).toContain("remember the word kiwi");
    expect(sessionFiles()).toEqual([file]);
    expect(readEntries(file)).toHaveLength(7);

    await pi(["--no-session", "-p", "forget it"]);
    expect(sessionFiles()).toEqual([file]);
    expect(readEntries(file)).toHaveLength(7);
  });

  it("-r without a UI says what to use instead, and runs nothing", async () => {
    t.env = sessionEnv(t.sim.url);
    const start = t.sim.requests.length;
    const r = await pi(["-r", "-p", "hi"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--resume opens a picker and needs the interactive mode; use -c/);
    expect(t.sim.requests.length).toBe(start);
  });

  it("continues a pi session file with --session, then /compact compacts it", async () => {
    t.env = sessionEnv(t.sim.url, 1_000_000, { compaction: { keepRecentTokens: 5 } });
    const file = copyFixture("branched", join(t.env.root, "elsewhere"), t.env.project);
    t.sim.script({ text: "continued" });
    const start = t.sim.requests.length;
    const r = await pi(["--session", file, "-p", "and now?"]);
    expect(r.stdout).toBe("continued\n");
    const sent = JSON.stringify(t.sim.requests[start].body.messages);
    for (const off of oracle("branched").offPathUserTexts) expect(sent).not.toContain(off);
    expect(sent).toContain("summary of a branch that this conversation came back from");
    expect(readEntries(file).at(-2)).toMatchObject({ parentId: oracle("branched").leafId });

    t.sim.script({ text: "## Goal\nPick a cache policy." });
    const c = await pi(["--session", file, "-p", "/compact"]);
    expect(c.stderr).not.toMatch(/failed/);
    const compaction = readEntries(file).at(-1)!;
    expect(compaction).toMatchObject({ type: "compaction", summary: "## Goal\nPick a cache policy." });
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true);
  });

  it("pi --export <file> <out.html> writes the page and exits", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("branched", join(t.env.root, "elsewhere"), t.env.project);
    const before = readFileSync(file, "utf8");
    const r = await runCli(["--export", file, "page.html"], { cwd: t.env.project, env: { PI_CODING_AGENT_DIR: t.env.agentDir } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Session exported to: ${join(t.env.project, "page.html")}\n`);
    expect(readFileSync(join(t.env.project, "page.html"), "utf8")).toContain("lfu-variant");
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(sessionFiles()).toEqual([]);
  });
});
