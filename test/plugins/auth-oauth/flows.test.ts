// The sign-in flows against the loopback authorization server: browser (callback and paste),
// device, and refresh before expiry, through the real "oauth" service and real auth.json files.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Model } from "pi-kernel";
import type { LoginIO } from "../../../contracts/oauth.js";
import { createOAuthService } from "../../../plugins/auth-oauth/service.js";
import { type OAuthServer, startOAuthServer } from "../../support/oauth-server.js";

let server: OAuthServer;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startOAuthServer();
  process.env.PI_KERNEL_TEST_OAUTH_SERVER = server.url;
});
afterAll(async () => {
  delete process.env.PI_KERNEL_TEST_OAUTH_SERVER;
  await server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function agentDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "pi-oauth-")), "agent");
  dirs.push(dir);
  return dir;
}
const readAuth = (dir: string) => JSON.parse(readFileSync(join(dir, "auth.json"), "utf8"));
const model = (provider: string, id = "m", baseUrl = "https://example.invalid"): Model =>
  ({ provider, id, api: "x", baseUrl }) as unknown as Model;

/** Plays the person: "opens" the address (the server approves and redirects to the callback). */
function browserIO(answers: string[] = []): LoginIO & { shown: { url: string; instructions?: string }[] } {
  const shown: { url: string; instructions?: string }[] = [];
  return {
    shown,
    onAuth(info) {
      shown.push(info);
      if (info.url.startsWith(server.url)) void fetch(info.url).catch(() => undefined);
    },
    prompt: (_message, opts) =>
      answers.length > 0
        ? Promise.resolve(answers.shift())
        : new Promise((resolve) => opts?.signal?.addEventListener("abort", () => resolve(undefined), { once: true })),
  };
}

describe("browser sign-in", () => {
  it("Claude Pro/Max: PKCE through the loopback callback; pi's entry in a 0600 auth.json in a 0700 dir", async () => {
    const dir = agentDir();
    const oauth = createOAuthService(dir, () => undefined);
    await oauth.login("anthropic", browserIO());
    const entry = readAuth(dir).anthropic;
    expect(entry).toMatchObject({ type: "oauth", access: expect.stringMatching(/^sk-ant-oat01-/), refresh: expect.any(String) });
    expect(entry.expires).toBeGreaterThan(Date.now() + 50 * 60_000); // 1 h less pi's 5 min margin
    expect(statSync(join(dir, "auth.json")).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const asked = server.authorizations.get("claude.ai")!;
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("scope")).toContain("user:inference");
    expect(oauth.signedIn("anthropic")).toBe(true);
    expect(await oauth.requestAuth(model("anthropic"))).toEqual({ apiKey: entry.access });
  });

  it("ChatGPT (Codex): the pasted redirect URL works when the browser cannot reach the callback; other entries stay", async () => {
    const dir = agentDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "auth.json"), JSON.stringify({ openai: { type: "api_key", key: "sk-keep" } }));
    const oauth = createOAuthService(dir, () => undefined);
    const io = browserIO();
    // The "browser" is elsewhere: take the redirect it would have followed, and paste it.
    io.onAuth = (info) => {
      io.shown.push(info);
    };
    io.prompt = async () => {
      const res = await fetch(io.shown[0]!.url, { redirect: "manual" });
      return res.headers.get("location") ?? undefined;
    };
    await oauth.login("openai-codex", io);
    const auth = readAuth(dir);
    expect(auth.openai).toEqual({ type: "api_key", key: "sk-keep" });
    expect(auth["openai-codex"]).toMatchObject({ type: "oauth", accountId: "acct-sim" });
    expect(server.authorizations.get("auth.openai.com")!.get("originator")).toBe("pi");
    const request = await oauth.requestAuth(model("openai-codex"));
    expect(request?.headers).toEqual({ "chatgpt-account-id": "acct-sim" });
  });

  it("a pasted answer with another state is refused", async () => {
    const oauth = createOAuthService(agentDir(), () => undefined);
    const io = browserIO(["code-x#not-our-state"]);
    io.onAuth = () => undefined;
    await expect(oauth.login("anthropic", io)).rejects.toThrow(/state does not match/);
  });

  it("Gemini CLI: the Cloud Code project is looked up; the key is pi's {token, projectId} JSON", async () => {
    const dir = agentDir();
    const oauth = createOAuthService(dir, () => undefined);
    await oauth.login("google-gemini-cli", browserIO());
    expect(readAuth(dir)["google-gemini-cli"]).toMatchObject({ type: "oauth", projectId: "sim-project" });
    const request = await oauth.requestAuth(model("google-gemini-cli"));
    expect(JSON.parse(request!.apiKey)).toEqual({ token: expect.stringMatching(/^ya29\./), projectId: "sim-project" });
  });

  it("Gemini CLI, an account new to Code Assist: onboarded on the free tier, the operation polled, its project kept", async () => {
    const dir = agentDir();
    const oauth = createOAuthService(dir, () => undefined);
    server.newGoogleAccounts = "free-tier";
    const io = browserIO();
    const progress: string[] = [];
    io.progress = (m) => void progress.push(m);
    try {
      await oauth.login("google-gemini-cli", io);
    } finally {
      server.newGoogleAccounts = false;
    }
    expect(server.onboarded.at(-1)).toMatchObject({ tierId: "free-tier", metadata: { pluginType: "GEMINI" } });
    expect(server.paths).toContain("cloudcode-pa.googleapis.com/v1internal/operations/onboard-1");
    expect(readAuth(dir)["google-gemini-cli"]).toMatchObject({ type: "oauth", projectId: "onboarded-project" });
    expect(progress.some((m) => /Setting up Gemini Code Assist/.test(m))).toBe(true);
    // A paid tier brings no project of Google's: the person is told to name theirs.
    server.newGoogleAccounts = "standard-tier";
    try {
      await expect(createOAuthService(agentDir(), () => undefined).login("google-gemini-cli", browserIO())).rejects.toThrow(
        /set GOOGLE_CLOUD_PROJECT/,
      );
    } finally {
      server.newGoogleAccounts = false;
    }
  });
});

describe("device sign-in", () => {
  it("GitHub Copilot: the code is shown, polled until entered, and exchanged for a Copilot token naming its endpoint", async () => {
    const dir = agentDir();
    const oauth = createOAuthService(dir, () => undefined);
    const io = browserIO([""]); // github.com, not an enterprise
    await oauth.login("github-copilot", io);
    expect(io.shown[0]).toEqual({ url: "https://github.com/login/device", instructions: "Enter the code SIM-1234" });
    const entry = readAuth(dir)["github-copilot"];
    expect(entry).toMatchObject({ type: "oauth", refresh: "gho_sim_github_token", access: expect.stringContaining("proxy-ep=") });
    expect(server.paths.filter((p) => p.endsWith("/policy")).length).toBeGreaterThan(0);
    const copilotModel = oauth.models().find((m) => m.provider === "github-copilot")!;
    const request = await oauth.requestAuth(copilotModel, [{ role: "user", content: "hi", timestamp: 0 }]);
    expect(request).toMatchObject({
      apiKey: entry.access,
      baseUrl: "https://api.individual.githubcopilot.com",
      headers: { "Editor-Version": expect.any(String), "Copilot-Integration-Id": "vscode-chat", "X-Initiator": "user" },
    });
  });
});

describe("refresh", () => {
  it("renews an expiring token before the request, stores it, and a failed renewal says to /login", async () => {
    const dir = agentDir();
    const oauth = createOAuthService(dir, () => undefined);
    await oauth.login("anthropic", browserIO());
    const first = readAuth(dir).anthropic;
    writeFileSync(join(dir, "auth.json"), JSON.stringify({ anthropic: { ...first, expires: Date.now() + 30_000 } }));
    const before = server.refreshCalls;
    const [a, b] = await Promise.all([oauth.requestAuth(model("anthropic")), oauth.requestAuth(model("anthropic"))]);
    expect(server.refreshCalls - before).toBe(1); // one renewal for concurrent requests
    const renewed = readAuth(dir).anthropic;
    expect(a?.apiKey).toBe(renewed.access);
    expect(b?.apiKey).toBe(renewed.access);
    expect(renewed.access).not.toBe(first.access);
    expect(renewed.refresh).not.toBe(first.refresh);
    // The old refresh token was spent: renewing with it again is refused.
    writeFileSync(join(dir, "auth.json"), JSON.stringify({ anthropic: { ...first, expires: 0 } }));
    await expect(oauth.requestAuth(model("anthropic"))).rejects.toThrow(/expired and could not be renewed.*invalid_grant.*Run \/login/);
  });

  it("logout removes only the OAuth entry", async () => {
    const dir = agentDir();
    const oauth = createOAuthService(dir, () => undefined);
    await oauth.login("anthropic", browserIO());
    expect(await oauth.logout("anthropic")).toBe(true);
    expect(readAuth(dir)).toEqual({});
    expect(await oauth.logout("anthropic")).toBe(false);
  });
});
