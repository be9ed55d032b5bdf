// A turn that fails after text had streamed is retried whole (issue 39 §8); over ACP, where chunks
// cannot be taken back, the failed attempt's chunks and the retry's carry different messageIds
// and a notice says the partial answer is dropped. One spawned `pi --mode acp`, two sessions: a
// client that offers session notices and one that does not.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AcpClient } from "../fixtures/acp/client.js";
import { makeProject } from "../support/scenario.mjs";
import { type Simulator, startSimulator } from "../support/simulator/index.mjs";

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const ANSWER = "The full answer, streamed again from the start.";

it("a retried turn streams as a new message after a notice, for clients with and without notices", async () => {
  const { project, agentDir } = makeProject(sim.url);
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ retry: { baseDelayMs: 5 } }));
  const client = new AcpClient(["--provider", "sim", "--model", "sim-model"], { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
  try {
    await client.initialize({ session: { notices: {} } });
    const turn = { text: ANSWER, chunkSize: 4 };
    const run = async () => {
      sim.script({ ...turn, fault: { kind: "disconnect", afterChunks: 5 } }, turn);
      const { sessionId } = await client.agent.request("session/new", { cwd: project, mcpServers: [] });
      expect((await client.prompt(sessionId, [{ type: "text", text: "answer" }])).stopReason).toBe("end_turn");
      return client.updates.filter((u) => u.sessionId === sessionId).map((u) => u.update);
    };
    const updates = await run();
    const chunks = updates.filter((u) => u.sessionUpdate === "agent_message_chunk") as { messageId?: string; content: { text: string } }[];
    const ids = [...new Set(chunks.map((c) => c.messageId))];
    expect(ids).toHaveLength(2);
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    const textOf = (id: string | undefined) =>
      chunks
        .filter((c) => c.messageId === id)
        .map((c) => c.content.text)
        .join("");
    expect(ANSWER.startsWith(textOf(ids[0]))).toBe(true);
    expect(textOf(ids[0]).length).toBeLessThan(ANSWER.length);
    expect(textOf(ids[1])).toBe(ANSWER);
    const notice = updates.findIndex((u) => u.sessionUpdate === "notice");
    expect(updates[notice]).toMatchObject({ severity: "warning", title: expect.stringMatching(/^Retrying \(attempt 1 of \d+\)/) });
    // The notice comes between the two attempts.
    expect(notice).toBeGreaterThan(updates.indexOf(chunks[0] as never));
    expect(notice).toBeLessThan(updates.findIndex((u) => (u as { messageId?: string }).messageId === ids[1]));

    // A client without notices gets the notice as a message of its own, between the attempts.
    await client.initialize({});
    const plain = await run();
    const plainChunks = plain.filter((u) => u.sessionUpdate === "agent_message_chunk") as {
      messageId?: string;
      content: { text: string };
    }[];
    expect(new Set(plainChunks.map((c) => c.messageId)).size).toBe(3);
    expect(plainChunks.map((c) => c.content.text).join("")).toMatch(/\[Retrying \(attempt 1 of \d+\).*\]\n/);
    expect(plain.some((u) => u.sessionUpdate === "notice")).toBe(false);
  } finally {
    await client.close();
  }
}, 60_000);
