// session-commands registers its commands from index.ts and loads their work (commands.ts) on the
// first use of one (docs/plugins/writing-a-plugin.md, "Register small, import late"). A work module that
// fails to load fails that command, as a broken command's handler would, and nothing else.
import { describe, expect, it, vi } from "vitest";
import type { CommandDef } from "../../contracts/index.js";
import { copyFixture, sessionEnv, sessionSuite, startAgent } from "../support/sessions.js";

vi.mock("../../plugins/session-commands/commands.js", () => {
  throw new Error("commands.js is broken");
});

const t = sessionSuite(() => {
  // The files after this one in the worker get the real commands.
  vi.doUnmock("../../plugins/session-commands/commands.js");
  vi.resetModules();
});

describe("session-commands without its work", () => {
  it("lists every command; a use reports the failed load and the session goes on", async () => {
    t.env = sessionEnv(t.sim.url);
    const file = copyFixture("branched", t.env.sessionDir, t.env.project);
    // A fresh copy: test files share a worker's modules (isolate: false), and another file may
    // have loaded the real commands.js into the plugin module already.
    vi.resetModules();
    const { default: sessionCommands } = await import("../../plugins/session-commands/index.js");
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
