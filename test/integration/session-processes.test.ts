// Sessions under real `pi` processes (issue 15): two `pi -c` runs at once on one session (the
// second forks from the first's finished history and never sends the first's prompt),
// `--session` on a file that is not a session (exit 1, file untouched), and `-c` in a sessions
// folder that cannot be written (the history resumes read-only, with a warning).
import { chmodSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, readEntries, sessionEnv, sessionSuite } from "../support/sessions.js";
import { runCli } from "../support/run-cli.js";

const t = sessionSuite(() => {
  chmodSync(t.env.sessionDir, 0o755);
});

const pi = (args: string[], as?: { uid: number }) =>
  runCli(["--provider", "llmsim-openai", "--session-dir", t.env.sessionDir, ...args], {
    cwd: t.env.project,
    env: { PI_CODING_AGENT_DIR: t.env.agentDir, HOME: t.env.root },
    timeoutMs: 30_000,
    ...as,
  });
const requestText = (i: number) => JSON.stringify(t.sim.requests[i].body.messages);
const FIXTURE_QUESTION = "What does this project do?";

describe("two pi -c at once on one session", () => {
  it("the second forks from the first's finished history and never carries the first's prompt", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    t.sim.script(
      async () => {
        await held;
        return { text: "answer to the first" };
      },
      { text: "answer to the second" },
    );
    const start = t.sim.requests.length;
    const first = pi(["-c", "-p", "FIRST-RUN prompt"]);
    // The first run has written its prompt and is waiting for its answer.
    while (t.sim.requests.length === start) await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(file, "utf8")).toContain("FIRST-RUN prompt");

    const second = await pi(["-c", "-p", "SECOND-RUN prompt"]);
    release();
    const firstResult = await first;
    expect(second.code).toBe(0);
    expect(second.stdout).toBe("answer to the second\n");
    expect(second.stderr).toMatch(/is open in another pi process \(pid \d+\).*continues in a new session forked from it/);
    const body = requestText(start + 1);
    expect(body).toContain("SECOND-RUN prompt");
    expect(body).toContain(FIXTURE_QUESTION);
    expect(body).not.toContain("FIRST-RUN");

    expect(firstResult.stdout).toBe("answer to the first\n");
    const original = readFileSync(file, "utf8");
    expect(original).toContain("answer to the first");
    expect(original).not.toContain("SECOND-RUN");
    const forks = readdirSync(t.env.sessionDir).filter((f) => f.endsWith(".jsonl") && join(t.env.sessionDir, f) !== file);
    expect(forks).toHaveLength(1);
    const fork = readEntries(join(t.env.sessionDir, forks[0]));
    expect(fork[0]).toMatchObject({ type: "session", parentSession: file });
    const forkText = JSON.stringify(fork);
    expect(forkText).toContain(FIXTURE_QUESTION);
    expect(forkText).toContain("SECOND-RUN prompt");
    expect(forkText).not.toContain("FIRST-RUN");
  });
});

describe("pi --session on a file that is not a session", () => {
  it("exits 1 with a clear message, sends nothing and leaves the file alone", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    const notes = join(t.env.sessionDir, "notes.jsonl");
    writeFileSync(notes, '{"hello":"world"}\n');
    const start = t.sim.requests.length;
    const r = await pi(["--session", notes, "-p", "hi"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /--session: .*notes\.jsonl is not a pi session file \(its first line is not a session header\); it was left untouched/,
    );
    expect(r.stdout).toBe("");
    expect(t.sim.requests.length).toBe(start);
    expect(readFileSync(notes, "utf8")).toBe('{"hello":"world"}\n');
    expect(readdirSync(t.env.sessionDir).sort()).toEqual(["notes.jsonl", "simple.jsonl"]);
    expect(file).toBe(join(t.env.sessionDir, "simple.jsonl"));
  });
});

describe("pi -c in a sessions folder that cannot be written", () => {
  it("resumes the history read-only and says nothing will be saved", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("simple", t.env.sessionDir, t.env.project);
    const before = readFileSync(file, "utf8");
    // Root writes anywhere: the run goes as `nobody` then, for whom the folder is read-only.
    const as = process.getuid?.() === 0 ? { uid: 65534 } : undefined;
    for (const dir of [t.env.root, t.env.project, t.env.agentDir]) chmodSync(dir, 0o755);
    chmodSync(file, 0o444);
    chmodSync(t.env.sessionDir, 0o555);
    t.sim.script({ text: "answered without saving" });
    const start = t.sim.requests.length;
    const r = await pi(["-c", "-p", "read-only question"], as);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("answered without saving\n");
    expect(r.stderr).toMatch(
      /simple\.jsonl cannot be written here \(EACCES\): its history is resumed read-only, and nothing from this run will be saved/,
    );
    expect(requestText(start)).toContain(FIXTURE_QUESTION);
    expect(requestText(start)).toContain("read-only question");
    expect(readFileSync(file, "utf8")).toBe(before);
    expect(readdirSync(t.env.sessionDir)).toEqual(["simple.jsonl"]);
  });
});
