// The model registry beyond models.json: the built-in catalog, keys from the environment,
// auth.json writes, --list-models, --models cycling, and local-server discovery.
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { formatTokens } from "../../plugins/models/list-models.js";
import { startSimulator } from "../support/simulator/index.mjs";
import { custom, ids, setUpIn, useIsolatedAgentDir, writeModelsIn } from "./models-harness.js";

const agentDir = useIsolatedAgentDir("pi-registry-");
let dir: string;
beforeEach(() => {
  dir = agentDir();
});

const LOCAL = JSON.stringify({
  providers: {
    local: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", models: [{ id: "qwen3-coder" }, { id: "llama-70b" }] },
    anthropic: {
      baseUrl: "https://proxy.example/anthropic",
      modelOverrides: { "claude-sonnet-4-5": { name: "Sonnet via proxy", cost: { input: 1 } } },
      models: [{ id: "claude-custom", reasoning: true }],
    },
  },
});

/** What a surface prints to stdout. */
async function runSurface(h: Awaited<ReturnType<typeof setUpIn>>): Promise<string> {
  const surface = h.surfaces.find((s) => s.claims?.(h.api.flags))!;
  const write = process.stdout.write.bind(process.stdout);
  let out = "";
  process.stdout.write = ((chunk: string) => {
    out += chunk;
    return true;
  }) as typeof process.stdout.write;
  try {
    expect(await surface.run({ messages: [] })).toBe(0);
  } finally {
    process.stdout.write = write;
  }
  return out;
}

describe("the built-in catalog", () => {
  it("knows current models of the major providers with api, limits and prices", async () => {
    const h = await setUpIn(dir);
    const all = h.service.all();
    for (const provider of ["anthropic", "openai", "google", "openrouter", "groq", "xai", "mistral", "deepseek", "cerebras"]) {
      expect(
        all.some((m) => m.provider === provider),
        provider,
      ).toBe(true);
    }
    expect(h.service.find("anthropic", "claude-sonnet-4-5")).toMatchObject({
      api: "anthropic-messages",
      baseUrl: "https://api.anthropic.com",
      reasoning: true,
      input: ["text", "image"],
      contextWindow: 200_000,
      maxTokens: 64_000,
      cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
    });
    expect(h.service.find("openai", "gpt-5")).toMatchObject({ api: "openai-responses" });
    expect(h.service.find("google", "gemini-2.5-pro")).toMatchObject({ api: "google-generative-ai" });
    expect(h.service.list()).toEqual([]); // no key anywhere
  });

  it("makes a provider's models available when its environment variable is set, and uses that key", async () => {
    process.env.ANTHROPIC_API_KEY = "sk-ant-from-env";
    const h = await setUpIn(dir);
    await h.boot();
    expect(new Set(h.service.list().map((m) => m.provider))).toEqual(new Set(["anthropic"]));
    expect(h.selected.model?.provider).toBe("anthropic");
    expect(await h.service.apiKey(h.selected.model!)).toBe("sk-ant-from-env");
    expect(h.diagnostics).toEqual([]);
  });

  it("merges models.json: proxy baseUrl, modelOverrides, and new models inheriting the provider's api", async () => {
    await writeModelsIn(dir, LOCAL);
    const h = await setUpIn(dir);
    expect(h.service.find("anthropic", "claude-sonnet-4-5")).toMatchObject({
      name: "Sonnet via proxy",
      baseUrl: "https://proxy.example/anthropic",
      cost: { input: 1, output: 15 },
    });
    expect(h.service.find("anthropic", "claude-custom")).toMatchObject({
      api: "anthropic-messages",
      baseUrl: "https://proxy.example/anthropic",
      reasoning: true,
    });
    expect(ids(h.service.all().slice(0, 3))).toEqual(["local/qwen3-coder", "local/llama-70b", "anthropic/claude-custom"]);
  });

  it("finds built-ins fuzzily with --model provider/id:thinking, --api-key supplying the key", async () => {
    const h = await setUpIn(dir, { model: "anthropic/sonnet-4-5:high", apiKey: "sk-ant-flag" });
    await h.boot();
    expect(h.selected).toMatchObject({ model: { provider: "anthropic", id: "claude-sonnet-4-5" }, level: "high" });
    expect(await h.service.apiKey(h.selected.model!)).toBe("sk-ant-flag");
    expect(h.diagnostics).toEqual([]);
  });
});

it("warns when the chosen built-in model has no key, naming the variable to set", async () => {
  const h = await setUpIn(dir, { model: "gpt-5-mini" });
  await h.boot();
  expect(h.selected.model).toMatchObject({ provider: "openai", id: "gpt-5-mini" });
  expect(h.diagnostics).toEqual([
    expect.objectContaining({
      level: "warning",
      message: `No API key for provider "openai": set OPENAI_API_KEY, add it to ${join(dir, "auth.json")}, or pass --api-key`,
    }),
  ]);
});

describe("auth.json", () => {
  it("is created 0600 in a 0700 directory and keeps other entries", async () => {
    const agentDir = join(dir, "agent");
    const h = await setUpIn(agentDir);
    h.service.setApiKey("openai", "sk-one");
    h.service.setApiKey("groq", "gsk-two");
    expect((await stat(join(agentDir, "auth.json"))).mode & 0o777).toBe(0o600);
    expect((await stat(agentDir)).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(join(agentDir, "auth.json"), "utf8"))).toEqual({
      openai: { type: "api_key", key: "sk-one" },
      groq: { type: "api_key", key: "gsk-two" },
    });
    expect(ids(h.service.list()).every((id) => /^(openai|groq)\//.test(id!))).toBe(true);
  });

  it("is never rewritten after a failed load", async () => {
    const broken = `{"anthropic": {"type": "api_key", "key": "sk-keep-me"} oops`;
    await writeFile(join(dir, "auth.json"), broken);
    const h = await setUpIn(dir);
    expect(() => h.service.setApiKey("openai", "sk-new")).toThrow(/auth\.json is not valid JSON; it was left unchanged/);
    expect(await readFile(join(dir, "auth.json"), "utf8")).toBe(broken);
  });
});

describe("--list-models", () => {
  it("prints pi's table of the models with auth configured, filtered by a search", async () => {
    await writeModelsIn(dir, LOCAL);
    process.env.GEMINI_API_KEY = "AIza-secret-gemini-key";
    const h = await setUpIn(dir, { listModels: "flash" });
    expect(h.surfaces.map((s) => s.name)).toEqual(["list-models"]);
    expect(h.surfaces[0].claims!({ listModels: true })).toBe(true);
    expect(h.surfaces[0].claims!({})).toBe(false);
    const out = await runSurface(h);
    const lines = out.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^provider\s+model\s+context\s+max-out\s+thinking\s+images$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 2).join("/"))).toEqual([
      "google/gemini-2.5-flash",
      "google/gemini-2.5-flash-lite",
    ]);
    expect(lines[1]).toMatch(/^google\s+gemini-2\.5-flash\s+1M\s+65\.5K\s+yes\s+yes$/);
    expect(out).not.toContain("AIza-secret");
  });

  it("lists every available model without a search, and says what to set when there is none", async () => {
    await writeModelsIn(dir, LOCAL);
    const all = await runSurface(await setUpIn(dir, { listModels: true }));
    expect(all).toMatch(/^local\s+qwen3-coder\s+128K\s+16\.4K\s+no\s+no$/m);
    expect(all).not.toContain("claude-sonnet-4-5"); // anthropic has no key here
    await rm(join(dir, "models.json"));
    expect(await runSurface(await setUpIn(dir, { listModels: true }))).toMatch(/^No model available/);
  });

  it("formats token counts like pi", () => {
    expect([200_000, 1_048_576, 8192, 65_536, 500, 2_000_000].map(formatTokens)).toEqual(["200K", "1M", "8.2K", "65.5K", "500", "2M"]);
  });
});

describe("--models and cycling", () => {
  it("scopes cycling to glob and fuzzy patterns, pinning thinking levels", async () => {
    await writeModelsIn(dir, LOCAL);
    const h = await setUpIn(dir, { models: "local/*,claude-custom:high,nothing-like-this" });
    await h.boot();
    expect(h.service.scoped().map((s) => `${s.model.provider}/${s.model.id}${s.thinkingLevel ? `:${s.thinkingLevel}` : ""}`)).toEqual([
      "local/qwen3-coder",
      "local/llama-70b",
      "anthropic/claude-custom:high",
    ]);
    expect(h.selected.model?.id).toBe("qwen3-coder");
    expect(h.diagnostics.map((d) => d.message)).toEqual(['No available model matches "nothing-like-this"']);
    expect(h.service.cycle("forward")).toMatchObject({ model: { id: "llama-70b" }, isScoped: true });
    expect(h.service.cycle()).toMatchObject({ model: { id: "claude-custom" }, thinkingLevel: "high" });
    expect(h.selected.level).toBe("high");
    expect(h.service.cycle()?.model.id).toBe("qwen3-coder");
    expect(h.service.cycle("backward")?.model.id).toBe("claude-custom");
  });

  it("cycles through the available models when no scope is set", async () => {
    await writeModelsIn(dir, LOCAL);
    const h = await setUpIn(dir);
    await h.boot();
    expect(h.selected.model?.id).toBe("qwen3-coder");
    expect(h.service.cycle()).toMatchObject({ model: { id: "llama-70b" }, isScoped: false });
  });
});

describe("no configuration", () => {
  it("offers a local server that is running (probe ports from PI_KERNEL_PROBE_PORTS)", async () => {
    const sim = await startSimulator({ models: ["qwen2.5-coder:7b", "llama3.2"] });
    try {
      process.env.PI_KERNEL_PROBE_PORTS = `vllm=9,ollama=${sim.port}`;
      const h = await setUpIn(dir);
      await h.boot();
      expect(h.selected.model).toMatchObject({
        provider: "ollama",
        id: "qwen2.5-coder:7b",
        api: "openai-completions",
        baseUrl: `${sim.url}/v1`,
      });
      expect(ids(custom(h.service.list()))).toEqual(["ollama/qwen2.5-coder:7b", "ollama/llama3.2"]);
      expect(h.diagnostics).toEqual([
        expect.objectContaining({
          level: "info",
          message: expect.stringContaining(`Ollama at ${sim.url}/v1 (qwen2.5-coder:7b, llama3.2)`),
        }),
      ]);
    } finally {
      await sim.close();
    }
  });

  it("does not probe when a model is configured", async () => {
    // The simulator lists no model, so a probe would show as a "No model available" warning.
    const sim = await startSimulator({ models: [] });
    try {
      process.env.PI_KERNEL_PROBE_PORTS = `ollama=${sim.port}`;
      await writeModelsIn(dir, LOCAL);
      const configured = await setUpIn(dir);
      await configured.boot();
      expect(configured.diagnostics).toEqual([]);
      process.env.OPENAI_API_KEY = "sk-x";
      await rm(join(dir, "models.json"));
      const keyed = await setUpIn(dir);
      await keyed.boot();
      expect(keyed.diagnostics).toEqual([]);
      expect(keyed.selected.model?.provider).toBe("openai");
    } finally {
      await sim.close();
    }
  });
});
