// The lsp plugin end to end: the real `pi --mode acp` with the real TypeScript language server
// (found on PATH, as a user's would be). An edit made through the ACP client's fs that breaks a
// type shows the error in the tool call's content the editor displays, and `/lsp` answers with the
// servers' state. One spawn for all of it.
import { mkdirSync, writeFileSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AcpClient } from "../fixtures/acp/client.js";
import { makeProject } from "../support/scenario.mjs";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";

const BIN = resolve("node_modules/.bin");

describe("lsp through pi --mode acp (spawned CLI)", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  it("an edit's type error reaches the editor in the tool call's content; /lsp shows the server", async () => {
    const { project, agentDir } = makeProject(sim.url);
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }));
    writeFileSync(join(project, "src", "count.ts"), "export const count: number = 1;\n");
    mkdirSync(agentDir, { recursive: true });
    // A long wait: the first check includes the server's cold start (nothing here is timed).
    writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ lsp: { waitMs: 120_000 } }));
    const client = new AcpClient(["--provider", "sim", "--model", "sim-model"], {
      cwd: project,
      env: { PI_CODING_AGENT_DIR: agentDir, PATH: `${BIN}${delimiter}${process.env.PATH}` },
    });
    try {
      await client.initialize({ fs: { readTextFile: true, writeTextFile: true } });
      const { sessionId } = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
      sim.script(
        { toolCalls: [{ name: "edit", arguments: { path: "src/count.ts", edits: [{ oldText: "= 1;", newText: '= "one";' }] } }] },
        { text: "Changed." },
      );
      expect((await client.prompt(sessionId, [{ type: "text", text: "make it a word" }])).stopReason).toBe("end_turn");
      const done = client.of("tool_call_update").find((u) => u.status === "completed");
      const text = JSON.stringify(done?.content);
      expect(text).toContain("LSP (typescript): 1 error in src/count.ts after this change:");
      expect(text).toContain("src/count.ts:1:14 error TS2322: Type 'string' is not assignable to type 'number'.");
      expect(client.writes.map((w) => w.path)).toEqual([join(project, "src", "count.ts")]);

      await client.prompt(sessionId, [{ type: "text", text: "/lsp" }]);
      expect(client.said(sessionId)).toMatch(
        /typescript: typescript-language-server --stdio for \.ts[^\n]*\n\s+\.: running pid \d+, 1 open file\(s\)/,
      );
    } finally {
      await client.close();
    }
  }, 180_000);
});
