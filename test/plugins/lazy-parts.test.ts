// Built-in plugins register from a small module and import their work on first use
// (docs/plugins/writing-a-plugin.md, "Register small, import late"). When that work fails to load, the
// error shows where it is first used and nothing else breaks: what the plugin answers without
// it (the oauth service's menu and models, /lsp before any server ran) still answers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Model } from "pi-kernel";
import type { OAuthService } from "../../contracts/oauth.js";

vi.mock("../../plugins/auth-oauth/flows.js", () => {
  throw new Error("flows.js is broken");
});

const dir = mkdtempSync(join(tmpdir(), "pi-lazy-parts-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  // The files after this one in the worker get the real flows.
  vi.doUnmock("../../plugins/auth-oauth/flows.js");
  vi.resetModules();
});

describe("auth-oauth without its flows", () => {
  let oauth: OAuthService;
  let modelCount = 0;
  // Fresh copies: test files share a worker's modules (isolate: false), and another file may
  // have loaded the real flows into the service module already.
  beforeAll(async () => {
    vi.resetModules();
    const { createOAuthService } = await import("../../plugins/auth-oauth/service.js");
    const { CATALOG } = await import("../../plugins/auth-oauth/catalog.js");
    oauth = createOAuthService(join(dir, "agent"), () => {});
    modelCount = CATALOG.reduce((n, s) => n + s.models.length, 0);
  });

  it("answers the menu, the models and who is signed in from the catalog", () => {
    expect(oauth.subscriptions().map((s) => s.id)).toEqual([
      "anthropic",
      "github-copilot",
      "google-gemini-cli",
      "google-antigravity",
      "openai-codex",
    ]);
    expect(oauth.models().length).toBe(modelCount);
    expect(oauth.models().every((m) => m.cost.input === 0 && m.baseUrl.startsWith("https://"))).toBe(true);
    expect(oauth.signedIn("openai-codex")).toBe(false);
    expect(oauth.unknownEntries()).toEqual([]);
  });

  it("needs no flows for a request on a provider that is not a subscription, or not signed in", async () => {
    expect(await oauth.requestAuth({ provider: "sim", id: "m" } as Model)).toBeUndefined();
    expect(await oauth.requestAuth({ provider: "openai-codex", id: "gpt-5.1" } as Model)).toBeUndefined();
  });

  it("reports the failed load at the sign-in, and again at the next one", async () => {
    const io = { onAuth: () => {}, prompt: async () => undefined };
    // (vitest wraps the module's own error in one of its own)
    await expect(oauth.login("openai-codex", io)).rejects.toThrow();
    await expect(oauth.login("anthropic", io)).rejects.toThrow();
    await expect(oauth.login("nope", io)).rejects.toThrow(/Unknown subscription "nope"/);
    expect(oauth.models().length).toBeGreaterThan(0);
  });
});
