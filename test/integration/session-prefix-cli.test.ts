// Session ids as typed on the command line: an ambiguous --session prefix is refused (exit 1)
// with the matching sessions listed, never a silent new session; /resume lists prefixes that
// tell the sessions apart, and each one typed back opens its own session.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cwdFolderName } from "../../plugins/session-jsonl/format/paths.js";
import { runCli } from "../support/run-cli.js";
import { sessionEnv, sessionSuite } from "../support/sessions.js";

const t = sessionSuite();

// Two uuid-v7 ids made in the same millisecond: the first 12 hex digits are the same.
const IDS = ["019ac0de-7f00-7aaa-8000-000000000001", "019ac0de-7f00-7bbb-8000-000000000002"];

function writeSessions(): string[] {
  const dir = join(t.env.agentDir, "sessions", cwdFolderName(t.env.project));
  mkdirSync(dir, { recursive: true });
  return IDS.map((id, i) => {
    const file = join(dir, `2026-01-0${i + 1}T00-00-00-000Z_${id}.jsonl`);
    const header = { type: "session", version: 3, id, timestamp: `2026-01-0${i + 1}T00:00:00.000Z`, cwd: t.env.project };
    const msg = {
      type: "message",
      id: `m${i}`,
      parentId: null,
      timestamp: header.timestamp,
      message: { role: "user", content: `topic ${i}` },
    };
    writeFileSync(file, `${JSON.stringify(header)}\n${JSON.stringify(msg)}\n`);
    return file;
  });
}

const pi = (args: string[]) =>
  runCli(["--provider", "llmsim-openai", ...args], { cwd: t.env.project, env: { PI_CODING_AGENT_DIR: t.env.agentDir }, timeoutMs: 30_000 });

describe("session id prefixes", () => {
  it("refuses an ambiguous --session prefix listing the matches; /resume shows prefixes that are unique", async () => {
    t.env = sessionEnv(t.sim.url);
    writeSessions();
    const start = t.sim.requests.length;
    const ambiguous = await pi(["--session", "019ac0de", "-p", "hi"]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain(IDS[0]);
    expect(ambiguous.stderr).toContain(IDS[1]);
    expect(t.sim.requests.length).toBe(start); // nothing was sent

    const listed = await pi(["--no-session", "-p", "/resume"]);
    const shown = [...listed.stdout.matchAll(/^(019ac0de[0-9a-f-]*) /gm)].map((m) => m[1]);
    expect(shown).toHaveLength(2);
    // Each prefix shown names exactly one of the two sessions.
    for (const prefix of shown) expect(IDS.filter((id) => id.startsWith(prefix))).toHaveLength(1);
    expect(new Set(shown).size).toBe(2);
  });
});
