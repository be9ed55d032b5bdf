// session-commands registers its commands from index.ts and loads their work (commands.ts) on the
// first use of one (docs/internals/plugins.md, "Register small, import late"). A work module that
// fails to load fails that command, as a broken command's handler would, and nothing else.
import { describe, expect, it, vi } from "vitest";
import type { CommandDef } from "../../contracts/index.js";
import sessionCommands from "../../plugins/session-commands/index.js";
import { copyFixture, sessionEnv, sessionSuite, startAgent } from "../support/sessions.js";

vi.mock("../../plugins/session-commands/commands.js", () => {
  throw new Error("commands.js is broken");
});

const t = sessionSuite();

describe("session-commands without its work", () => {
  it("lists every command; a use reports the failed load and the session goes on", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("branched", t.env.sessionDir, t.env.project);
    t.agent = await startAgent(t.env, { session: file }, [sessionCommands]);
    const a = t.agent;
    const names = ["tree", "fork", "clone", "new", "name", "label", "resume", "session"];
    for (const name of names) expect(a.api.registry.get("command", name)?.description).toBeTruthy();
    const session = a.api.registry.get("command", "session") as CommandDef;
    await expect(Promise.resolve().then(() => session.handler("", { args: "", api: a.api }))).rejects.toThrow();
    await expect(Promise.resolve().then(() => session.handler("", { args: "", api: a.api }))).rejects.toThrow();
    expect(a.api.agent.messages.length).toBeGreaterThan(0);
  });
});
