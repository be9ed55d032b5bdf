import { describe, expect, it } from "vitest";
import { definePlugin, StaleApiError, type PluginApi, type ToolResultMessage } from "../../kernel/index.js";
import { lastAssistant, startKernel, toolPlugin } from "./harness.js";

const results = (h: Awaited<ReturnType<typeof startKernel>>) =>
  h.kernel.agent.messages.filter((m) => m.role === "toolResult") as ToolResultMessage[];
const text = (r: ToolResultMessage) => (r.content[0] as { text: string }).text;

describe("hooks", () => {
  it("a toolCall gate blocks a call with its reason", async () => {
    const gate = definePlugin({
      name: "gate",
      setup: (api) => api.on("toolCall", (e) => (e.input.value === "rm" ? { block: true, reason: "not on my watch" } : undefined)),
    });
    const h = await startKernel([toolPlugin("echo"), gate]);
    h.sim.push(
      {
        toolCalls: [
          { name: "echo", arguments: { value: "rm" } },
          { name: "echo", arguments: { value: "ls" } },
        ],
      },
      { text: "ok" },
    );
    await h.kernel.actions.prompt("go");
    expect(results(h).map(text)).toEqual(["not on my watch", "echo(ls)"]);
    expect(results(h)[0].isError).toBe(true);
  });

  it("a throwing gate fails closed, attributed to its plugin", async () => {
    const gate = definePlugin({
      name: "broken-gate",
      setup: (api) =>
        api.on("toolCall", () => {
          throw new Error("kaboom");
        }),
    });
    const h = await startKernel([toolPlugin("echo"), gate]);
    h.sim.push({ toolCalls: [{ name: "echo", arguments: { value: "x" } }] }, { text: "ok" });
    await h.kernel.actions.prompt("go");
    expect(results(h)[0].isError).toBe(true);
    expect(text(results(h)[0])).toMatch(/broken-gate.*kaboom/);
    expect(h.diagnostics).toContainEqual(expect.objectContaining({ plugin: "broken-gate", where: "hook:toolCall" }));
  });

  it("a timed-out gate blocks too", async () => {
    const gate = definePlugin({
      name: "slow-gate",
      setup: (api) => api.on("toolCall", () => new Promise<undefined>(() => {}), { timeoutMs: 50 }),
    });
    const h = await startKernel([toolPlugin("echo"), gate]);
    h.sim.push({ toolCalls: [{ name: "echo", arguments: { value: "x" } }] }, { text: "ok" });
    await h.kernel.actions.prompt("go");
    expect(text(results(h)[0])).toMatch(/slow-gate.*timed out/);
  });

  it("a throwing waterfall tap is skipped and the others still apply; stages order taps", async () => {
    const order: string[] = [];
    const a = definePlugin({
      name: "late",
      setup: (api) =>
        api.on(
          "systemPrompt",
          (p) => {
            order.push("late");
            return `${p}[late]`;
          },
          { stage: 100 },
        ),
    });
    const b = definePlugin({
      name: "thrower",
      setup: (api) =>
        api.on("systemPrompt", () => {
          order.push("thrower");
          throw new Error("oops");
        }),
    });
    const c = definePlugin({
      name: "early",
      setup: (api) =>
        api.on(
          "systemPrompt",
          (p) => {
            order.push("early");
            return `${p}[early]`;
          },
          { stage: -100 },
        ),
    });
    const h = await startKernel([a, b, c]);
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("go");
    expect(order).toEqual(["early", "thrower", "late"]);
    expect(h.sim.requests[0].systemPrompt).toBe("[early][late]");
    expect(h.diagnostics).toContainEqual(expect.objectContaining({ plugin: "thrower", level: "error" }));
  });

  it("a throwing event listener never disturbs the run", async () => {
    const noisy = definePlugin({
      name: "noisy",
      setup: (api) =>
        api.on("event", () => {
          throw new Error("listener bug");
        }),
    });
    const h = await startKernel([noisy]);
    h.sim.push({ text: "fine" });
    await h.kernel.actions.prompt("go");
    expect(lastAssistant(h)?.content).toEqual([{ type: "text", text: "fine" }]);
    expect(h.diagnostics.some((d) => d.plugin === "noisy")).toBe(true);
  });

  it("the input hook lets a command claim input, and transforms reach the model", async () => {
    const cmd = definePlugin({
      name: "cmds",
      setup: (api) =>
        api.on("input", (e) => {
          if (e.text === "/ping") return { action: "handled" };
          if (e.text.startsWith("!upper ")) return { action: "transform", text: e.text.slice(7).toUpperCase() };
          return undefined;
        }),
    });
    const h = await startKernel([cmd]);
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("/ping");
    expect(h.sim.requests).toHaveLength(0);
    await h.kernel.actions.prompt("!upper shout");
    expect(h.sim.requests[0].messages[0]).toMatchObject({ content: [{ type: "text", text: "SHOUT" }] });
  });

  it("toolResult taps can rewrite results", async () => {
    const redact = definePlugin({
      name: "redact",
      setup: (api) => api.on("toolResult", (e) => ({ ...e, result: { ...e.result, content: [{ type: "text", text: "[redacted]" }] } })),
    });
    const h = await startKernel([toolPlugin("echo"), redact]);
    h.sim.push({ toolCalls: [{ name: "echo", arguments: { value: "secret" } }] }, { text: "ok" });
    await h.kernel.actions.prompt("go");
    expect(text(results(h)[0])).toBe("[redacted]");
  });
});

describe("plugin host", () => {
  it("a plugin that throws in setup leaves nothing behind, and the others load", async () => {
    let disposed = false;
    const half = definePlugin({
      name: "half",
      setup(api) {
        api.register.tool({ name: "ghost", description: "", parameters: {} as never, execute: async () => ({ content: [] }) });
        api.on("systemPrompt", () => "HIJACKED");
        api.onDispose(() => {
          disposed = true;
        });
        throw new Error("setup exploded");
      },
    });
    const h = await startKernel([half, toolPlugin("echo")]);
    expect(h.kernel.agent.activeToolNames()).toEqual(["echo"]);
    expect(disposed).toBe(true);
    h.sim.push({ text: "ok" });
    await h.kernel.actions.prompt("go");
    expect(h.sim.requests[0].systemPrompt).toBe("");
    expect(h.diagnostics).toContainEqual(
      expect.objectContaining({ plugin: "half", level: "error", message: expect.stringMatching(/setup exploded/) }),
    );
  });

  it("orders plugins by required services, and drops one whose service is missing", async () => {
    const seen: string[] = [];
    const consumer = definePlugin({
      name: "consumer",
      requires: ["clock"],
      setup: (api) => void seen.push(`consumer:${api.services.use("clock")()}`),
    });
    const provider = definePlugin({
      name: "provider",
      provides: ["clock"],
      setup: (api) => {
        seen.push("provider");
        api.services.provide("clock", () => "tick");
      },
    });
    const orphan = definePlugin({ name: "orphan", requires: ["nothing"], setup: () => void seen.push("orphan") });
    const h = await startKernel([consumer, provider, orphan]);
    expect(seen).toEqual(["provider", "consumer:tick"]);
    expect(h.diagnostics).toContainEqual(
      expect.objectContaining({ plugin: "orphan", message: expect.stringMatching(/requires service\(s\) nothing/) }),
    );
  });

  it("retires the replaced version on reload (shutdown hook, LIFO disposers); the api lives until the plugin leaves", async () => {
    const log: string[] = [];
    const apis: PluginApi[] = [];
    const p = definePlugin({
      name: "lifecycle",
      setup(api) {
        apis.push(api);
        api.on("shutdown", (reason) => void log.push(`shutdown:${reason}`));
        api.onDispose(() => void log.push("dispose:first"));
        api.onDispose(() => void log.push("dispose:second"));
      },
    });
    const h = await startKernel([p]);
    await h.kernel.actions.reload();
    expect(log).toEqual(["shutdown:reload", "dispose:second", "dispose:first"]);
    // One api for the plugin's whole life: current() is the identity, kept for compatibility.
    expect(apis[1]).toBe(apis[0]);
    expect(apis[0].current()).toBe(apis[0]);
    expect(apis[0].agent.model?.id).toBe("scripted");
    await h.kernel.stop();
    expect(() => apis[0].register.tool({} as never)).toThrow(StaleApiError);
    expect(() => apis[0].actions).toThrow(/Plugin "lifecycle" used its API after it was reloaded/);
  });

  it("a later registration of the same tool name wins only with override: true, else it is refused", async () => {
    const echo = (name: string, override?: boolean) =>
      definePlugin({
        name,
        setup: (api) =>
          api.register.tool({
            name: "echo",
            description: "mine",
            parameters: {} as never,
            override,
            execute: async () => ({ content: [{ type: "text", text: name }] }),
          }),
      });
    const h = await startKernel([toolPlugin("echo"), echo("refused"), echo("override", true)]);
    expect(h.kernel.host.current.registry.owner("tool", "echo")).toBe("override");
    expect(h.diagnostics).toContainEqual(expect.objectContaining({ code: "registration-refused", plugin: "refused" }));
    expect(h.diagnostics).toContainEqual(expect.objectContaining({ message: 'tool "echo" from tool-echo is replaced by override' }));
  });
});

// A service only this test provides, typed as plugins type theirs.
declare module "pi-kernel" {
  interface Services {
    clock: () => string;
  }
}
