import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AssistantMessageEvent, PluginApi, ProviderDef } from "pi-kernel";
import { custom, ids, setUpIn, useIsolatedAgentDir, writeModelsIn } from "./models-harness.js";
import providerPlugin from "../../plugins/provider-openai-completions/index.js";
import { startSimulator } from "../support/simulator/index.mjs";

const agentDir = useIsolatedAgentDir("pi-models-");
let dir: string;
beforeEach(() => {
  dir = agentDir();
});

const MODELS_JSONC = `{
  // local servers
  "providers": {
    "local": {
      "baseUrl": "http://127.0.0.1:8080/v1", /* inherited */
      "api": "openai-completions",
      "apiKey": "LOCAL_KEY_VAR",
      "headers": { "x-a": "1", },
      "compat": { "supportsDeveloperRole": false },
      "models": [
        { "id": "qwen3:8b", "name": "Qwen 3 8B", "reasoning": true, },
        { "id": "Llama-3.1-70B", "contextWindow": 8192, "maxTokens": 2048, "cost": { "input": 1 }, "headers": { "x-b": "2" }, "compat": { "maxTokensField": "max_tokens" } },
      ],
    },
    "router": {
      "baseUrl": "https://router.example/v1", "api": "openai-completions", "apiKey": "literal-router-key",
      "models": [{ "id": "anthropic/claude-sonnet-4", "name": "Claude Sonnet 4 via router", "input": ["text", "image"] }]
    },
    "cmd": { "baseUrl": "http://x/v1", "api": "anthropic-messages", "apiKey": "!printf ' from-command\\\\n'", "models": [{ "id": "c1" }] },
  },
}`;

const setUp = (...args: Parameters<typeof setUpIn> extends [string, ...infer R] ? R : never) => setUpIn(dir, ...args);
const writeModels = (text = MODELS_JSONC) => writeModelsIn(dir, text);

describe("models.json", () => {
  it("reads JSONC, inherits provider settings and fills in defaults", async () => {
    await writeModels();
    const { service, diagnostics } = await setUp();
    expect(diagnostics).toEqual([]);
    expect(ids(custom(service.list()))).toEqual(["local/qwen3:8b", "local/Llama-3.1-70B", "router/anthropic/claude-sonnet-4", "cmd/c1"]);
    expect(service.find("local", "qwen3:8b")).toEqual({
      id: "qwen3:8b",
      name: "Qwen 3 8B",
      api: "openai-completions",
      provider: "local",
      baseUrl: "http://127.0.0.1:8080/v1",
      reasoning: true,
      input: ["text"],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 128_000,
      maxTokens: 16_384,
      headers: { "x-a": "1" },
      compat: { supportsDeveloperRole: false },
      source: join(agentDir(), "models.json"), // providers name it in errors
    });
    expect(service.find("local", "Llama-3.1-70B")).toMatchObject({
      name: "Llama-3.1-70B",
      contextWindow: 8192,
      maxTokens: 2048,
      cost: { input: 1, output: 0, cacheRead: 0, cacheWrite: 0 },
      headers: { "x-a": "1", "x-b": "2" },
      compat: { supportsDeveloperRole: false, maxTokensField: "max_tokens" },
    });
    expect(service.errors).toEqual([]);
  });

  it("reports a malformed file with its path and position, without echoing its content", async () => {
    await writeModels(`{\n  "providers": {\n    "p": { "apiKey": "sk-secret-123" "baseUrl": "x" }\n  }\n}`);
    const h = await setUp();
    await expect(h.boot()).resolves.toBeUndefined();
    const [d, advice] = h.diagnostics;
    expect(h.diagnostics).toHaveLength(2);
    expect(advice.message).toMatch(/^No model available/);
    expect(advice.message).toContain("type /login in pi's interactive UI");
    expect(d).toMatchObject({ level: "error", where: join(dir, "models.json") });
    expect(d.message).toBe(`${join(dir, "models.json")}: invalid JSON at line 3, column 38: expected ',' or '}'`);
    expect(JSON.stringify(h.diagnostics)).not.toContain("sk-secret");
    expect(h.selected.model).toBeUndefined();
    expect(custom(h.service.list())).toEqual([]);
    expect(h.service.errors).toEqual([d.message]);
  });

  it("skips entries without api or baseUrl with a warning", async () => {
    await writeModels(
      `{"providers": {"a": {"api": "x", "models": [{"id": "m1"}, {"name": "no id"}]}, "b": {"baseUrl": "u", "models": [{"id": "m2", "api": "y"}]}}}`,
    );
    const { service, diagnostics } = await setUp();
    expect(ids(custom(service.list()))).toEqual(["b/m2"]);
    expect(diagnostics.map((d) => d.level)).toEqual(["warning", "warning"]);
    expect(service.errors[0]).toMatch(/providers\.a\.models\[0\] \("m1"\) has no "baseUrl"/);
    expect(service.errors[1]).toMatch(/providers\.a\.models\[1\] has no "id"/);
  });

  it("without any configuration selects nothing and says exactly what to set", async () => {
    const h = await setUp({});
    await h.boot();
    expect(h.selected).toEqual({});
    expect(h.diagnostics).toHaveLength(1);
    expect(h.diagnostics[0]).toMatchObject({ level: "warning", where: "model selection" });
    for (const hint of [
      "ANTHROPIC_API_KEY",
      "OPENAI_API_KEY",
      "GEMINI_API_KEY",
      join(dir, "auth.json"),
      join(dir, "models.json"),
      "Ollama",
    ]) {
      expect(h.diagnostics[0].message).toContain(hint);
    }
  });
});

describe("model selection at boot", () => {
  beforeEach(() => writeModels());
  const pick = async (flags: Record<string, unknown>, settings: Record<string, unknown> = {}) => {
    const h = await setUp(flags, settings);
    await h.boot();
    return {
      id: h.selected.model && `${h.selected.model.provider}/${h.selected.model.id}`,
      level: h.selected.level,
      diagnostics: h.diagnostics,
    };
  };

  it("takes the first model without flags or settings", async () => {
    expect(await pick({})).toEqual({ id: "local/qwen3:8b", level: undefined, diagnostics: [] });
  });

  it("resolves --model as provider/id, exact id, or a fuzzy fragment of id or name", async () => {
    expect((await pick({ model: "local/Llama-3.1-70B" })).id).toBe("local/Llama-3.1-70B");
    expect((await pick({ model: "qwen3:8b" })).id).toBe("local/qwen3:8b");
    expect((await pick({ model: "llama" })).id).toBe("local/Llama-3.1-70B");
    expect((await pick({ model: "sonnet 4 VIA" })).id).toBe("router/anthropic/claude-sonnet-4");
    expect((await pick({ model: "anthropic/claude-sonnet-4" })).id).toBe("router/anthropic/claude-sonnet-4");
    expect((await pick({ model: "router/anthropic/claude-sonnet-4" })).id).toBe("router/anthropic/claude-sonnet-4");
    expect((await pick({ model: "c1", provider: "cmd" })).id).toBe("cmd/c1");
  });

  it("reads the thinking level from a :suffix or --thinking, --thinking winning", async () => {
    expect(await pick({ model: "qwen3:8b:high" })).toMatchObject({ id: "local/qwen3:8b", level: "high" });
    expect(await pick({ model: "local/llama:xhigh" })).toMatchObject({ id: "local/Llama-3.1-70B", level: "xhigh" });
    expect(await pick({ model: "llama:off", thinking: "low" })).toMatchObject({ id: "local/Llama-3.1-70B", level: "low" });
    expect(await pick({ thinking: "minimal" })).toMatchObject({ id: "local/qwen3:8b", level: "minimal" });
    const bad = await pick({ thinking: "max" });
    expect(bad.level).toBeUndefined();
    expect(bad.diagnostics[0]).toMatchObject({ level: "warning", message: expect.stringMatching(/Unknown thinking level "max"/) });
  });

  it("uses settings defaults, --provider alone, and falls back when the default is gone", async () => {
    expect(
      await pick({}, { defaultProvider: "router", defaultModel: "anthropic/claude-sonnet-4", defaultThinkingLevel: "medium" }),
    ).toMatchObject({ id: "router/anthropic/claude-sonnet-4", level: "medium" });
    expect((await pick({ provider: "cmd" })).id).toBe("cmd/c1");
    expect((await pick({ provider: "local" }, { defaultProvider: "local", defaultModel: "Llama-3.1-70B" })).id).toBe("local/Llama-3.1-70B");
    const gone = await pick({}, { defaultProvider: "old", defaultModel: "retired" });
    expect(gone.id).toBe("local/qwen3:8b");
    expect(gone.diagnostics[0].message).toMatch(/Default model "old\/retired" from settings was not found/);
  });

  it("selects nothing and reports it when --model matches nothing", async () => {
    const none = await pick({ model: "gpt-9" });
    expect(none.id).toBeUndefined();
    expect(none.diagnostics).toEqual([
      expect.objectContaining({
        level: "error",
        message: expect.stringMatching(/^Model "gpt-9" was not found \(did you mean gpt-5\b.*\(known models: pi --list-models\)$/),
      }),
    ]);
  });

  it("keeps the current model on reload but picks up its new definition", async () => {
    const h = await setUp({});
    await h.boot();
    const reloaded = await setUp({ model: "llama" }, {}, new Map());
    reloaded.selected.model = { ...h.selected.model!, baseUrl: "stale" };
    await reloaded.boot("reload");
    expect(reloaded.selected.model).toEqual(h.selected.model);
  });
});

describe("API keys", () => {
  beforeEach(() => writeModels());
  afterEach(() => {
    delete process.env.LOCAL_KEY_VAR;
  });

  it("resolves env var names, literals and commands from models.json", async () => {
    process.env.LOCAL_KEY_VAR = "key-from-env";
    const { service, diagnostics } = await setUp();
    expect(await service.apiKey(service.find("local", "qwen3:8b")!)).toBe("key-from-env");
    expect(await service.apiKey(service.find("router", "anthropic/claude-sonnet-4")!)).toBe("literal-router-key");
    expect(await service.apiKey(service.find("cmd", "c1")!)).toBe("from-command");
    delete process.env.LOCAL_KEY_VAR;
    expect(await service.apiKey(service.find("local", "qwen3:8b")!)).toBe("LOCAL_KEY_VAR"); // unset: taken literally
    expect(diagnostics).toEqual([]);
  });

  it("prefers --api-key for the selected provider, then auth.json", async () => {
    await writeFile(
      join(dir, "auth.json"),
      JSON.stringify({ router: { type: "api_key", key: "auth-router" }, local: { type: "oauth", access: "x" } }),
    );
    const h = await setUp({ model: "sonnet", apiKey: "sk-flag" });
    await h.boot();
    const router = h.service.find("router", "anthropic/claude-sonnet-4")!;
    expect(await h.service.apiKey(router)).toBe("sk-flag");
    expect(await h.service.apiKey(h.service.find("local", "qwen3:8b")!)).toBe("LOCAL_KEY_VAR");
    const noFlag = await setUp({});
    expect(await noFlag.service.apiKey(router)).toBe("auth-router");
  });

  it("reports failing commands and a malformed auth.json without leaking secrets", async () => {
    await writeModels(
      `{"providers": {"p": {"baseUrl": "u", "api": "a", "apiKey": "!echo sk-secret-cmd >/dev/null; exit 3", "models": [{"id": "m"}]}}}`,
    );
    await writeFile(join(dir, "auth.json"), `{"q": {"type": "api_key", "key": "sk-secret-auth" oops}}`);
    const { service, diagnostics } = await setUp();
    expect(await service.apiKey(service.find("p", "m")!)).toBeUndefined();
    expect(diagnostics.map((d) => d.message)).toEqual([
      `${join(dir, "auth.json")}: invalid JSON at line 1, column 51: expected ',' or '}'; its keys are ignored (other key sources still apply)`,
      'The apiKey command for provider "p" failed: exit code 3',
    ]);
    expect(JSON.stringify(diagnostics)).not.toMatch(/sk-secret/);
  });
});

describe("with the openai-completions provider", () => {
  it("selects a model whose requests carry the key from auth.json", async () => {
    const sim = await startSimulator();
    try {
      await writeModels(
        `{"providers": {"sim": {"baseUrl": "${sim.url}/v1", "api": "openai-completions", "models": [{"id": "sim-model"}]}}}`,
      );
      await writeFile(join(dir, "auth.json"), JSON.stringify({ sim: { type: "api_key", key: "sk-from-auth" } }));
      const h = await setUp({ model: "sim-model" });
      await h.boot();
      let provider: ProviderDef | undefined;
      providerPlugin.setup({
        ...h.api,
        register: {
          provider: (def: ProviderDef) => {
            provider = def;
          },
        },
      } as unknown as PluginApi);
      sim.script({ text: "hello" });
      const events: AssistantMessageEvent[] = [];
      for await (const e of provider!.stream(
        h.selected.model!,
        { systemPrompt: "", messages: [{ role: "user", content: "hi", timestamp: 0 }], tools: [] },
        {},
      ))
        events.push(e);
      expect(events.at(-1)).toMatchObject({ type: "done", message: { content: [{ type: "text", text: "hello" }] } });
      expect(sim.requests[0].headers.authorization).toBe("Bearer sk-from-auth");
      expect(sim.requests[0].body.model).toBe("sim-model");
    } finally {
      await sim.close();
    }
  });
});
