// Checkpoints against a hostile workspace through the real CLI (RPC mode) and the simulator
// (issue 30, point 6): a turn that un-ignores .env and rewrites CRLF files under a
// `text=auto eol=crlf` .gitattributes is rewound byte for byte and the .env that existed before
// survives; two sessions working in one workspace at the same time both keep every checkpoint.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Record_, RpcProcess } from "../support/rpc-process.js";
import { simProjects } from "../support/sim-projects.js";
import type { RecordedRequest, Turn } from "../support/simulator/index.mjs";

const MODEL = ["--provider", "sim", "--model", "sim-model"];

async function prompt(rpc: RpcProcess, message: string): Promise<void> {
  const mark = rpc.records.length;
  await rpc.call({ type: "prompt", message });
  await rpc.waitFor((r) => r.type === "agent_end", mark);
}

function lastUserText(r: RecordedRequest): string {
  const content: unknown = (r.body?.messages ?? []).filter((m: { role: string }) => m.role === "user").at(-1)?.content;
  return Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? "").join("") : String(content ?? "");
}

describe("rewind through the CLI in a hostile workspace", () => {
  const env = simProjects();

  it("keeps an ignored .env the turn un-ignored, and restores CRLF files byte for byte", async () => {
    const { project, agentDir } = env.project();
    const crlf = Buffer.from("one\r\ntwo\r\n");
    const mixed = Buffer.from("a\nb\r\nc");
    writeFileSync(join(project, ".gitignore"), ".env\n");
    writeFileSync(join(project, ".env"), "API_KEY=secret\n");
    writeFileSync(join(project, ".gitattributes"), "* text=auto eol=crlf\n");
    writeFileSync(join(project, "crlf.txt"), crlf);
    writeFileSync(join(project, "mixed.txt"), mixed);
    const rpc = new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } });
    env.sim.script(
      {
        toolCalls: [
          { name: "write", arguments: { path: ".gitignore", content: "" } },
          { name: "write", arguments: { path: "crlf.txt", content: "changed\n" } },
          { name: "bash", arguments: { command: "printf 'x\\n' > mixed.txt && echo new > created.txt" } },
        ],
      },
      { text: "changed" },
    );
    await prompt(rpc, "un-ignore and rewrite");
    const { checkpoints } = (await rpc.call({ type: "get_checkpoints" })).data;
    const rewound = await rpc.call({ type: "rewind", entryId: checkpoints[0].entryId, files: true, conversation: false });
    expect(rewound.success, JSON.stringify(rewound)).toBe(true);
    expect(readFileSync(join(project, ".env"), "utf8")).toBe("API_KEY=secret\n");
    expect(readFileSync(join(project, ".gitignore"), "utf8")).toBe(".env\n");
    expect(readFileSync(join(project, "crlf.txt"))).toEqual(crlf);
    expect(readFileSync(join(project, "mixed.txt"))).toEqual(mixed);
    expect(existsSync(join(project, "created.txt"))).toBe(false);
    expect(rewound.data.restoredFiles).not.toContain(".env");
    expect(await rpc.close()).toBe(0);
  });

  it("two sessions in one workspace at once both keep every checkpoint", async () => {
    const { project, agentDir } = env.project();
    const ROUNDS = 5;
    // Each turn writes the file its prompt names, then answers.
    const route = (r: RecordedRequest): Turn => {
      const messages = r.body?.messages ?? [];
      if (messages.at(-1)?.role === "tool") return { text: "ok" };
      const name = lastUserText(r).replace(/^write /, "");
      return { toolCalls: [{ name: "write", arguments: { path: `${name}.txt`, content: `${name}\n` } }] };
    };
    env.sim.script(...Array.from({ length: 2 * 2 * ROUNDS }, () => route));
    const sessions = ["A", "B"].map((who) => ({
      who,
      rpc: new RpcProcess(MODEL, { cwd: project, env: { PI_CODING_AGENT_DIR: agentDir } }),
    }));
    await Promise.all(
      sessions.map(async ({ who, rpc }) => {
        for (let i = 0; i < ROUNDS; i++) await prompt(rpc, `write ${who}${i}`);
      }),
    );
    for (const { who, rpc } of sessions) {
      const { checkpoints } = (await rpc.call({ type: "get_checkpoints" })).data;
      expect(checkpoints.map((c: Record_) => c.text)).toEqual(Array.from({ length: ROUNDS }, (_, i) => `write ${who}${i}`));
      const warnings = rpc.records.filter((r) => JSON.stringify(r).includes("checkpoints-failed"));
      expect(warnings).toEqual([]);
      // Rewinding this session's first turn removes the files written since (both sessions'),
      // and only those.
      const rewound = await rpc.call({ type: "rewind", entryId: checkpoints[0].entryId, files: true, conversation: false });
      expect(rewound.success, JSON.stringify(rewound)).toBe(true);
      expect(existsSync(join(project, `${who}0.txt`))).toBe(false);
      const undone = await rpc.call({ type: "undo_rewind" });
      expect(undone.success, JSON.stringify(undone)).toBe(true);
      expect(readFileSync(join(project, `${who}0.txt`), "utf8")).toBe(`${who}0\n`);
    }
    for (const { rpc } of sessions) expect(await rpc.close()).toBe(0);
  });
});
