// Session files written by pi's current line (0.86.1: `usage` entries, system messages, a
// compaction's system checkpoint) continue through the real CLI: the next request carries the
// conversation pi reports for the file, and nothing off its active path.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, CURRENT_FIXTURES, oracle, readEntries, sessionEnv, sessionSuite } from "../support/sessions.js";
import { runCli } from "../support/run-cli.js";

const t = sessionSuite();

const userTexts = (messages: { role: string; content: unknown }[]) =>
  messages
    .filter((m) => m.role === "user")
    .map((m) => (typeof m.content === "string" ? m.content : (m.content as { text?: string }[]).map((c) => c.text ?? "").join("")));

describe("pi 0.86 session files through the CLI", () => {
  for (const name of ["tools", "tree"]) {
    it(`${name}.jsonl: pi --session continues it with the conversation intact`, async () => {
      t.env = sessionEnv(t.sim.url);
      const e = t.env;
      const file = copyFixture(name, join(e.root, "elsewhere"), e.project, CURRENT_FIXTURES);
      const expected = oracle(name, CURRENT_FIXTURES);
      t.sim.script({ text: "continued" });
      const start = t.sim.requests.length;
      const r = await runCli(["--provider", "llmsim-openai", "--session", file, "-p", "and now?"], {
        cwd: e.project,
        env: { PI_CODING_AGENT_DIR: e.agentDir },
        timeoutMs: 30_000,
      });
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe("continued\n");
      const sent = t.sim.requests[start]!.body.messages as { role: string; content: unknown }[];
      // Every user message pi reports for the file reaches the model, in order, then the new one.
      const wanted = userTexts(expected.messages as { role: string; content: unknown }[]);
      const got = userTexts(sent);
      for (const text of wanted) expect(got.some((t) => t.includes(text.trim().slice(0, 40)))).toBe(true);
      expect(got.at(-1)).toBe("and now?");
      // Only the request's own system prompt is a system message; pi's stored ones are not replayed.
      expect(sent.filter((m) => m.role === "system")).toHaveLength(1);
      const body = JSON.stringify(sent);
      for (const off of expected.offPathUserTexts) expect(body).not.toContain(off);
      // The run continues the file from pi's leaf.
      expect(readEntries(file).find((x) => x.parentId === expected.leafId)).toBeDefined();
    });
  }
});
