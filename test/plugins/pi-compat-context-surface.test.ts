// pi's extension context, member by member, as the export check does for module names: every
// member pi 0.86.1 and 1.5.2 declare on ExtensionContext, ExtensionCommandContext, ctx.ui,
// ctx.sessionManager (ReadonlySessionManager) and ctx.modelRegistry (ModelRegistry) is present
// on ours (test/fixtures/pi-context-members.json, written from their .d.ts by
// scripts/compat-packages/context-members.mjs). A fixture extension reads them as packages do:
// ctx.mode, thinkingLevel, scopedModels, getSystemPromptOptions(), the session manager's reads.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import commandsCore from "../../plugins/commands-core/index.js";
import piCompat from "../../plugins/pi-compat/index.js";
import sessionJsonl from "../../plugins/session-jsonl/index.js";
import { type Harness, startKernel } from "../kernel/harness.js";

const FIXTURE = JSON.parse(readFileSync(new URL("../fixtures/pi-context-members.json", import.meta.url), "utf8")) as Record<
  string,
  Record<string, string[]>
>;

const EXTENSION = `
export default function (pi) {
  const g = (globalThis.__ctxSurface = {});
  const members = (o) => { const out = new Set(); for (let p = o; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) for (const k of Reflect.ownKeys(p)) out.add(String(k)); return [...out]; };
  pi.on("turn_start", (_event, ctx) => {
    g.ctx = members(ctx);
    g.turnMode = ctx.mode;
  });
  pi.registerCommand("probe", {
    handler: async (_args, ctx) => {
      g.commandCtx = members(ctx);
      g["ctx.ui"] = members(ctx.ui);
      g["ctx.sessionManager"] = members(ctx.sessionManager);
      g["ctx.modelRegistry"] = members(ctx.modelRegistry);
      // As rpiv-advisor: a second call to the session's model with its credentials.
      const auth = await ctx.modelRegistry.getApiKeyAndHeaders(ctx.model);
      const advice = await ctx.modelRegistry.complete(ctx.model, { systemPrompt: "advise", messages: [{ role: "user", content: "advise me", timestamp: 1 }] }, { apiKey: auth.apiKey, headers: auth.headers });
      g.advisor = { authKeys: Object.keys(auth).sort(), text: advice.content.map((c) => c.text).join(""), configured: ctx.modelRegistry.hasConfiguredAuth(ctx.model), oauth: ctx.modelRegistry.isUsingOAuth(ctx.model) };
      const sm = ctx.sessionManager;
      const root = sm.getEntries()[0];
      g.values = {
        mode: ctx.mode,
        thinkingLevel: ctx.thinkingLevel,
        scopedModels: ctx.scopedModels,
        options: ctx.getSystemPromptOptions(),
        session: {
          sameId: sm.sessionId === sm.getSessionId(),
          sameLeaf: sm.leafId === sm.getLeafId(),
          file: sm.sessionFile === sm.getSessionFile(),
          children: sm.getChildren(root.id).map((e) => e.type),
          contextRoles: sm.buildSessionContext().messages.map((m) => m.role),
          entries: sm.buildContextEntries().length,
          projection: sm.buildSessionProjection().entries.length,
        },
      };
    },
  });
}
`;

let h: Harness;
let dir: string;
const g = () => (globalThis as { __ctxSurface?: Record<string, any> }).__ctxSurface!;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pik-ctx-surface-"));
  writeFileSync(join(dir, "probe.js"), EXTENSION);
  writeFileSync(join(dir, "AGENTS.md"), "Be brief.");
  h = await startKernel([commandsCore, sessionJsonl, piCompat], {
    cwd: dir,
    agentDir: join(dir, "agent"),
    noDiscovery: false,
    noExtensions: true,
    extensionPaths: [join(dir, "probe.js")],
    flags: { mode: "print" },
  });
  h.sim.push({ text: "hello" }, { text: "the advice" });
  await h.kernel.actions.prompt("hi");
  await h.kernel.actions.prompt("/probe");
});
afterAll(async () => {
  await h.kernel.stop();
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { __ctxSurface?: unknown }).__ctxSurface;
});

describe.each(Object.keys(FIXTURE))("pi %s's extension context", (version) => {
  it.each(Object.keys(FIXTURE[version]))("%s: every member", (surface) => {
    const ours = new Set(g()[surface] as string[]);
    const missing = FIXTURE[version][surface].filter((name) => !ours.has(name));
    expect(missing, `${surface} lacks ${missing.length} of pi ${version}'s members`).toEqual([]);
  });
});

it("ctx.modelRegistry calls a second model through the agent's provider, as rpiv-advisor does", () => {
  expect(g().advisor).toMatchObject({ text: "the advice", oauth: false });
  expect(g().advisor.authKeys).toContain("ok");
  expect(h.sim.requests.at(-1)?.systemPrompt).toBe("advise");
});

it("answers ctx.mode, thinkingLevel, scopedModels, getSystemPromptOptions and the session reads as pi", () => {
  const v = g().values;
  expect(g().turnMode).toBe("print");
  expect(v.mode).toBe("print");
  expect(v.thinkingLevel).toBe("off");
  expect(v.scopedModels).toEqual([]);
  expect(v.options).toMatchObject({ cwd: dir, selectedTools: expect.any(Array), toolSnippets: {}, promptGuidelines: [] });
  expect(v.session).toEqual({
    sameId: true,
    sameLeaf: true,
    file: true,
    children: [expect.any(String)],
    contextRoles: ["user", "assistant"],
    entries: expect.any(Number),
    projection: expect.any(Number),
  });
});
