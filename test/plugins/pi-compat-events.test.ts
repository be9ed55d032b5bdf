// pi's late-mapped extension events through pi-compat, in process (the kernel harness, a scripted
// provider, the real skills / prompts / themes / user-bash / models / session plugins) with the
// fixture extension test/fixtures/pi-extensions/events-probe.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { definePlugin, emptyUsage, type ServiceName, type AgentMessage, type Model, type PluginApi } from "../../kernel/index.js";
import commandsCore from "../../plugins/commands-core/index.js";
import models from "../../plugins/models/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import prompts from "../../plugins/prompts/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import skills from "../../plugins/skills/index.js";
import themes from "../../plugins/themes/index.js";
import userBash from "../../plugins/user-bash/index.js";
import { createAgentSession } from "../../sdk/index.js";
import { startKernel, toolPlugin, type Harness } from "../kernel/harness.js";
import { RpcProcess } from "../support/rpc-process.js";
import { runCli } from "../support/run-cli.js";
import { simProjects } from "../support/sim-projects.js";
import { startSimulator } from "../support/simulator/index.mjs";
import { APIS, modelFor, run } from "./providers/apis.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PROBE = fileURLToPath(new URL("../fixtures/pi-extensions/events-probe.ts", import.meta.url));
interface Probe {
  seen: Record<string, unknown>[];
  config: Record<string, unknown>;
}
const probe = () => (globalThis as { __probe?: Probe }).__probe!;

let h: Harness | undefined;
let dir = "";
let grabbed: PluginApi;
const grab = definePlugin({
  name: "grab",
  setup(api) {
    grabbed = api;
  },
});
const service = <K extends ServiceName>(name: K) => grabbed.current().services.get(name)!;

afterEach(async () => {
  await h?.kernel.stop();
  h = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
  delete (globalThis as { __probe?: Probe }).__probe;
});

async function start(
  config: Record<string, unknown>,
  plugins = [commandsCore, piCompat],
  flags: Record<string, unknown> = {},
): Promise<Harness> {
  (globalThis as { __probe?: Probe }).__probe = { seen: [], config };
  mkdirSync(join(dir, "agent"), { recursive: true });
  h = await startKernel([grab, ...plugins], {
    cwd: dir,
    agentDir: join(dir, "agent"),
    noDiscovery: false,
    noExtensions: true,
    extensionPaths: [PROBE],
    flags: { mode: "print", ...flags },
  });
  return h;
}
const fresh = () => (dir = mkdtempSync(join(tmpdir(), "pik-pievents-")));
const text = (m: object): string => {
  const content = (m as { content?: unknown }).content;
  if (Array.isArray(content) && content.every((c) => c?.type === "text")) return content.map((c) => c.text).join("");
  return typeof content === "string" ? content : JSON.stringify(content);
};

describe("resources_discover", () => {
  it("adds the returned skills, prompt templates and themes at start-up, and again on reload", async () => {
    fresh();
    const res = join(dir, "res");
    mkdirSync(join(res, "skills", "probe-skill"), { recursive: true });
    writeFileSync(
      join(res, "skills", "probe-skill", "SKILL.md"),
      "---\nname: probe-skill\ndescription: Probes things for tests.\n---\nProbe carefully.\n",
    );
    mkdirSync(join(res, "prompts"), { recursive: true });
    writeFileSync(join(res, "prompts", "probe-tmpl.md"), "---\ndescription: a probe template\n---\nPlease probe $1 now.\n");
    mkdirSync(join(res, "themes"), { recursive: true });
    const ocean = JSON.parse(readFileSync(join(ROOT, "examples", "themes", "ocean.json"), "utf8"));
    writeFileSync(join(res, "themes", "probe-theme.json"), JSON.stringify({ ...ocean, name: "probe-theme" }));
    // Relative paths resolve against the cwd, as pi does.
    const config = { resources: { skillPaths: ["res/skills"], promptPaths: [join(res, "prompts")], themePaths: [join(res, "themes")] } };
    const k = await start(config, [commandsCore, skills, prompts, themes, toolPlugin("read"), piCompat]);
    expect(probe().seen).toContainEqual({ event: "resources_discover", reason: "startup", cwd: dir });

    k.sim.push({ text: "ok" });
    await k.kernel.actions.prompt("/probe-tmpl widgets");
    const [request] = k.sim.requests;
    expect(request.systemPrompt).toContain("probe-skill");
    expect(request.systemPrompt).toContain("Probes things for tests.");
    expect(request.messages.map(text)).toContain("Please probe widgets now.");
    expect(
      service("themes")
        .list()
        .map((t) => t.name),
    ).toContain("probe-theme");

    await k.kernel.actions.reload();
    expect(
      probe()
        .seen.filter((e) => e.event === "resources_discover")
        .map((e) => e.reason),
    ).toEqual(["startup", "reload"]);
    k.sim.push({ text: "ok" });
    await k.kernel.actions.prompt("hello again");
    expect(k.sim.requests[1].systemPrompt).toContain("probe-skill");
  });
});

describe("user_bash", () => {
  it("a returned result replaces running the command; returned operations run it", async () => {
    fresh();
    await start({}, [commandsCore, userBash, piCompat]);
    const bash = service("userBash");
    const faked = await bash.run("fake");
    expect(faked).toEqual({ output: "faked output", exitCode: 3, cancelled: false, truncated: false });
    const remote = await bash.run("remote ls -la", { excludeFromContext: true });
    expect(remote).toMatchObject({ output: "remote ran: remote ls -la", exitCode: 0, cancelled: false });
    const real = await bash.run("echo really-ran");
    expect(real.output.trim()).toBe("really-ran");
    expect(probe().seen.filter((e) => e.event === "user_bash")).toEqual([
      { event: "user_bash", command: "fake", excludeFromContext: false, cwd: dir },
      { event: "user_bash", command: "remote ls -la", excludeFromContext: true, cwd: dir },
      { event: "user_bash", command: "echo really-ran", excludeFromContext: false, cwd: dir },
    ]);
    const recorded = h!.kernel.agent.messages.filter((m) => m.role === "bashExecution") as unknown as {
      command: string;
      output: string;
      exitCode: number;
    }[];
    expect(recorded.map((m) => [m.command, m.output.trim(), m.exitCode])).toEqual([
      ["fake", "faked output", 3],
      ["remote ls -la", "remote ran: remote ls -la", 0],
      ["echo really-ran", "really-ran", 0],
    ]);
  });
});

describe("message_end", () => {
  it("a replacement is what the agent keeps, the session stores and the next request carries", async () => {
    fresh();
    const k = await start({}, [commandsCore, sessionJsonl, piCompat], { sessionDir: join(dir, "sessions") });
    k.sim.push({ text: "the SECRET is 42" }, { text: "noted" });
    await k.kernel.actions.prompt("tell me");
    await k.kernel.actions.prompt("again");
    const assistants = k.kernel.agent.messages.filter((m) => m.role === "assistant").map(text);
    expect(assistants[0]).toContain("the [redacted] is 42");
    expect(k.sim.requests[1].messages.map(text).join("\n")).not.toContain("SECRET");
    expect(k.sim.requests[1].messages.map(text).join("\n")).toContain("[redacted]");
    const ended = k.events.filter((e) => e.type === "message_end" && (e.message as AgentMessage).role === "assistant");
    expect(text((ended[0] as { message: AgentMessage }).message)).toContain("[redacted]");
    const sessions = service("sessions");
    const stored = sessions
      .entries()
      .filter((e) => e.type === "message" && e.message?.role === "assistant")
      .map((e) => text((e as { message: AgentMessage }).message));
    expect(stored[0]).toContain("[redacted]");
    expect(stored.join("\n")).not.toContain("SECRET");
  });

  it("a custom message added outside a run goes through the handlers before it is stored", async () => {
    fresh();
    const k = await start({}, [commandsCore, sessionJsonl, piCompat], { sessionDir: join(dir, "sessions") });
    await k.kernel.actions.prompt("/probe-note");
    await new Promise((r) => setTimeout(r, 20));
    const last = k.kernel.agent.messages.at(-1)!;
    expect(last).toMatchObject({ role: "custom", customType: "probe-note", content: "the [redacted] note" });
    const ended = k.events.filter((e) => e.type === "message_end").map((e) => (e as { message: AgentMessage }).message);
    expect(ended.map(text)).toEqual(["the [redacted] note"]);
    const sessions = service("sessions");
    expect(JSON.stringify(sessions.entries())).toContain("the [redacted] note");
    expect(JSON.stringify(sessions.entries())).not.toContain("SECRET");
  });

  it("a replacement with another role is refused and reported", async () => {
    fresh();
    const k = await start({});
    k.sim.push({ text: "WRONG-ROLE please" });
    await k.kernel.actions.prompt("go");
    expect(k.kernel.agent.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(k.diagnostics.map((d) => d.message).join("\n")).toMatch(
      /extension events-probe: message_end handler failed: message_end handlers must return a message with the same role/,
    );
  });
});

describe("registerProvider / unregisterProvider", () => {
  const probeModels = [{ id: "probe-model", name: "Probe Model", contextWindow: 1000, maxTokens: 100 }];

  it("extension models join the models service; a baseUrl-only config redirects a built-in; unregister undoes both", async () => {
    fresh();
    mkdirSync(join(dir, "agent"), { recursive: true });
    writeFileSync(
      join(dir, "agent", "models.json"),
      JSON.stringify({
        providers: { local: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "x", models: [{ id: "m" }] } },
      }),
    );
    const config = {
      providers: [
        {
          name: "probe-cloud",
          config: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "PROBE_KEY", models: probeModels },
        },
        { name: "anthropic", config: { baseUrl: "http://proxy.invalid/anthropic", headers: { "x-proxy": "yes" } } },
      ],
    };
    const k = await start(config, [commandsCore, models, piCompat]);
    const m = service("models");
    const found = m.find("probe-cloud", "probe-model");
    expect(found).toMatchObject({
      provider: "probe-cloud",
      api: "openai-completions",
      baseUrl: "http://127.0.0.1:9/v1",
      contextWindow: 1000,
    });
    expect(m.list().some((x) => x.provider === "probe-cloud")).toBe(true);
    expect(m.resolve("probe-cloud/probe-model")?.id).toBe("probe-model");
    const sonnet = m.all().find((x) => x.provider === "anthropic") as Model;
    expect(sonnet).toMatchObject({ baseUrl: "http://proxy.invalid/anthropic", headers: { "x-proxy": "yes" } });
    // The provider's apiKey is an env var name or a literal, as in models.json.
    process.env.PROBE_KEY = "probe-secret";
    try {
      expect(await m.apiKey(found!)).toBe("probe-secret");
    } finally {
      delete process.env.PROBE_KEY;
    }

    await k.kernel.actions.prompt("/probe-unregister");
    expect(m.find("probe-cloud", "probe-model")).toBeUndefined();
    expect(m.all().find((x) => x.id === sonnet.id && x.provider === "anthropic")?.baseUrl).not.toBe("http://proxy.invalid/anthropic");
  });

  it("ctx.modelRegistry: getAll lists models without a key too, getAvailable only those with one", async () => {
    fresh();
    mkdirSync(join(dir, "agent"), { recursive: true });
    writeFileSync(
      join(dir, "agent", "models.json"),
      JSON.stringify({
        providers: {
          keyed: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "x", models: [{ id: "has-key" }] },
        },
      }),
    );
    const ext = join(dir, "registry.ts");
    writeFileSync(
      ext,
      `export default (pi) => pi.on("session_start", (_e, ctx) => {
      const providers = (list) => [...new Set(list.map((m) => m.provider))];
      globalThis.__registry = { all: providers(ctx.modelRegistry.getAll()), available: providers(ctx.modelRegistry.getAvailable()) };
    });`,
    );
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY; // a built-in provider with no key
    try {
      h = await startKernel([models, piCompat], {
        cwd: dir,
        agentDir: join(dir, "agent"),
        noDiscovery: false,
        noExtensions: true,
        extensionPaths: [ext],
        flags: { mode: "print" },
      });
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
    const seen = (globalThis as { __registry?: { all: string[]; available: string[] } }).__registry!;
    delete (globalThis as { __registry?: unknown }).__registry;
    expect(seen.all).toEqual(expect.arrayContaining(["keyed", "anthropic"]));
    expect(seen.available).toContain("keyed");
    expect(seen.available).not.toContain("anthropic");
  });

  it("a streamSimple provider serves its models; once unregistered its api answers with an error", async () => {
    fresh();
    async function* streamSimple(model: Model) {
      const message = {
        role: "assistant",
        content: [{ type: "text", text: `streamed by ${model.provider}` }],
        api: model.api,
        provider: model.provider,
        model: model.id,
        usage: emptyUsage(),
        stopReason: "stop",
        timestamp: Date.now(),
      };
      yield { type: "start", partial: message };
      yield { type: "done", reason: "stop", message };
    }
    const k = await start(
      { providers: [{ name: "probe-stream", config: { api: "probe-stream-api", models: probeModels, streamSimple } }] },
      [commandsCore, models, piCompat],
    );
    const model = service("models").find("probe-stream", "probe-model")!;
    k.kernel.actions.setModel(model);
    await k.kernel.actions.prompt("hi");
    expect(text(k.kernel.agent.messages.at(-1)!)).toContain("streamed by probe-stream");
    await k.kernel.actions.prompt("/probe-unregister");
    expect(service("models").find("probe-stream", "probe-model")).toBeUndefined();
    await k.kernel.actions.prompt("hi again");
    expect((k.kernel.agent.messages.at(-1) as { errorMessage?: string }).errorMessage).toMatch(/unregistered by its extension/);
  });
});

describe("after_provider_response", () => {
  it("every wire format reports the response's status and headers before its body is read", async () => {
    const sim = await startSimulator();
    try {
      for (const c of APIS) {
        sim.script({ text: "hello there" });
        const seen: { status: number; headers: Record<string, string> }[] = [];
        let beforeFirstEvent = false;
        const { message } = await run(
          c,
          modelFor(c, sim),
          undefined,
          {
            onResponse: async (r) => {
              seen.push(r);
            },
          },
          undefined,
          () => {
            beforeFirstEvent ||= seen.length === 1;
          },
        );
        expect(message.stopReason, c.api).toBe("stop");
        expect(seen, c.api).toHaveLength(1);
        expect(seen[0].status).toBe(200);
        expect(seen[0].headers["content-type"]).toMatch(/event-stream|json/);
        expect(beforeFirstEvent, c.api).toBe(true);
      }
    } finally {
      await sim.close();
    }
  });
});

describe("the real CLI and the SDK", () => {
  const env = simProjects();
  const project = () => env.project();
  const probeEnv = (p: { agentDir: string; root: string }) => ({
    PI_CODING_AGENT_DIR: p.agentDir,
    PROBE_LOG: join(p.root, "probe.log"),
    PROBE_CONFIG: JSON.stringify({
      providers: [
        {
          name: "probe-sim",
          config: {
            baseUrl: `${env.sim.url}/v1`,
            api: "openai-completions",
            apiKey: "probe-literal-key",
            models: [{ id: "probe-sim-model", name: "Probe Sim" }],
          },
        },
      ],
    }),
  });
  const logOf = (p: { root: string }) =>
    readFileSync(join(p.root, "probe.log"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));

  it("--model picks an extension's provider, after_provider_response fires, --list-models shows it", async () => {
    const p = project();
    env.sim.script({ text: "the SECRET answer" });
    const start = env.sim.requests.length;
    const r = await runCli(["-e", PROBE, "--model", "probe-sim/probe-sim-model", "-p", "hi"], { cwd: p.project, env: probeEnv(p) });
    expect(r.stderr).toBe("");
    // message_end replaced the answer before print mode took it.
    expect(r.stdout).toBe("the [redacted] answer\n");
    expect(env.sim.requests[start].body.model).toBe("probe-sim-model");
    expect(env.sim.requests[start].headers.authorization).toBe("Bearer probe-literal-key");
    expect(logOf(p)).toContainEqual({ event: "after_provider_response", status: 200, contentType: expect.stringMatching(/event-stream/) });

    const list = await runCli(["-e", PROBE, "--list-models", "probe"], { cwd: p.project, env: probeEnv(p) });
    expect(list.stdout).toMatch(/probe-sim\s+probe-sim-model/);
  });

  it("RPC bash: a user_bash result replaces running the command", async () => {
    const p = project();
    const rpc = new RpcProcess(["-e", PROBE, "--provider", "sim", "--model", "sim-model"], { cwd: p.project, env: probeEnv(p) });
    try {
      const result = await rpc.call({ type: "bash", command: "fake" });
      expect(result.data).toMatchObject({ output: "faked output", exitCode: 3, cancelled: false, truncated: false });
    } finally {
      await rpc.close();
    }
    expect(logOf(p)).toContainEqual({ event: "user_bash", command: "fake", excludeFromContext: false, cwd: p.project });
  });

  const toolExtension = (name: string) => `export default function (pi) {
  pi.registerTool({ name: "${name}", description: "test", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "ran" }] }; } });
}
`;
  const toolsOf = async (session: Awaited<ReturnType<typeof createAgentSession>>) => {
    const start = env.sim.requests.length;
    env.sim.script({ text: "ok" });
    await session.prompt("hi");
    return (env.sim.requests[start].body.tools as { function: { name: string } }[]).map((t) => t.function.name);
  };

  it("SDK: createAgentSession applies the trust rules to project extensions and loads settings packages", async () => {
    const p = project();
    mkdirSync(join(p.project, ".pi", "extensions"), { recursive: true });
    writeFileSync(join(p.project, ".pi", "extensions", "project-ext.js"), toolExtension("project_tool"));
    const pkg = join(p.root, "global-pkg");
    mkdirSync(join(pkg, "extensions"), { recursive: true });
    writeFileSync(join(pkg, "extensions", "tool.js"), toolExtension("package_tool"));
    writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify({ packages: [pkg] }));
    const diagnostics: string[] = [];
    const open = (trust?: boolean) =>
      createAgentSession({
        cwd: p.project,
        agentDir: p.agentDir,
        model: "sim/sim-model",
        noSession: true,
        trust,
        onDiagnostic: (d) => diagnostics.push(d.message),
      });

    const untrusted = await open();
    const before = await toolsOf(untrusted);
    await untrusted.dispose();
    expect(before).toContain("package_tool");
    expect(before).not.toContain("project_tool");
    expect(diagnostics.join("\n")).toMatch(/\.pi\/extensions.*trust/);

    const trusted = await open(true);
    const after = await toolsOf(trusted);
    await trusted.dispose();
    expect(after).toContain("project_tool");
    expect(after).toContain("package_tool");
    expect(JSON.parse(readFileSync(join(p.agentDir, "trusted-projects.json"), "utf8")).trusted).toEqual([p.project]);
  });
});
