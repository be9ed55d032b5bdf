// `pi serve` end to end (issue 38), on ONE spawned server: pi's own RpcClient runs a conversation
// over the WebSocket (the transport swap: `pi attach --stdio`); two clients attached at once see
// the same events and one answers a permission dialog (the other sees it closed); `bash` with
// `stream: true` sends its output to the asker while it runs, and `to_background` makes a running
// command a job (the protocol `pi attach` uses for `!cmd` and Ctrl+B); a wrong or
// missing token gets a bare 401 and no upgrade (a property over hostile tokens and paths); the
// agent outlives its clients and stops on SIGTERM with the session saved.
import { request } from "node:http";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { RpcClient } from "@mariozechner/pi-coding-agent";
import fc from "fast-check";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simProjects } from "../support/sim-projects.js";
import { type Rec, type Served, serveAsking, WsClient } from "./served.js";

const BRIDGE = fileURLToPath(new URL("./rpc-bridge.mjs", import.meta.url));

describe("pi serve", () => {
  const env = simProjects();
  let served: Served;
  let project: string;
  beforeAll(async () => {
    const p = env.project();
    project = p.project;
    served = await serveAsking(p);
  });
  afterAll(async () => {
    if (served?.child.exitCode === null) served.child.kill("SIGKILL");
  });

  it("prints its address and token, and pi's RpcClient runs a conversation over the WebSocket", async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(served.token).toMatch(/^[\w-]{43}$/);
    const client = new RpcClient({ cliPath: BRIDGE, cwd: project, env: { PI_SERVE_URL: `${served.url}/?token=${served.token}` } });
    await client.start();
    try {
      env.sim.script({ text: "Hello from the served agent." });
      const events = await client.promptAndWait("hi");
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["agent_start", "message_update", "agent_end"]));
      expect(await client.getLastAssistantText()).toBe("Hello from the served agent.");
      expect(await client.getState()).toMatchObject({ isStreaming: false, messageCount: 2, model: { id: "sim-model" } });
    } finally {
      await client.stop();
    }
    // The client left; the agent did not.
    const state = await getJson("/api/state");
    expect(state).toMatchObject({ status: 200, body: { messageCount: 2 } });
  });

  it("two clients see the same events; one answers the permission dialog, the other sees it closed", async () => {
    const [a, b] = [await WsClient.open(served), await WsClient.open(served)];
    env.sim.script({ toolCalls: [{ name: "write", arguments: { path: "both.txt", content: "seen\n" } }] }, { text: "written" });
    const response = await a.call({ type: "prompt", message: "write both.txt" });
    expect(response).toMatchObject({ type: "response", command: "prompt", success: true });
    const [askA, askB] = await Promise.all([a, b].map((c) => c.waitFor((r) => r.type === "extension_ui_request" && r.method === "select")));
    expect(askA.id).toBe(askB.id);
    expect(askA.diff).toMatch(/^\+seen$/m);
    b.send({ type: "extension_ui_response", id: askB.id, value: "Allow once" });
    expect(await a.waitFor((r) => r.type === "extension_ui_closed")).toEqual({ type: "extension_ui_closed", id: askA.id });
    await Promise.all([a, b].map((c) => c.waitFor((r) => r.type === "agent_end")));
    expect(readFileSync(join(project, "both.txt"), "utf8")).toBe("seen\n");
    // Responses go to the asker only; every event of the run went to both, in the same order (the
    // first client to connect also got what was said before any client was there).
    // (Up to agent_end: what follows it may have reached one client and not yet the other.)
    const events = (c: WsClient) =>
      c.records
        .slice(
          c.records.findIndex((r) => r.type === "agent_start"),
          c.records.findIndex((r) => r.type === "agent_end") + 1,
        )
        .filter((r) => r.type !== "response" && r.type !== "extension_ui_closed")
        .map(kind);
    expect(events(b)).toEqual(events(a));
    expect(events(a)).toEqual(expect.arrayContaining(["tool_execution_end", "agent_end"]));
    expect(b.records.some((r) => r.type === "response")).toBe(false);
    expect(a.records.some((r) => r.type === "extension_ui_closed" && r.id === askA.id)).toBe(true);
    expect(b.records.some((r) => r.type === "extension_ui_closed")).toBe(false);
    await Promise.all([a.close(), b.close()]);
    const sessions = await getJson("/api/sessions");
    expect(sessions.body.current).toMatch(/\.jsonl$/);
  });

  it("bash streams its output to the asker while it runs; to_background makes a running command a job", async () => {
    const [a, b] = [await WsClient.open(served), await WsClient.open(served)];
    const done = a.call({ type: "bash", command: "echo one; while [ ! -e go ]; do sleep 0.05; done; echo two", stream: true });
    const first = await a.waitFor((r) => r.type === "bash_output");
    expect(first.output).toBe("one\n");
    expect(first.id).toMatch(/^c\d+$/);
    writeFileSync(join(project, "go"), "");
    const response = await done;
    expect(response).toMatchObject({ success: true, data: { output: "one\ntwo", exitCode: 0 } });
    // Only the asker gets the output; nothing comes after the response.
    expect(b.records.some((r) => r.type === "bash_output")).toBe(false);
    expect(a.records.slice(a.records.indexOf(response)).some((r) => r.type === "bash_output")).toBe(false);

    expect(await a.call({ type: "to_background" })).toMatchObject({ success: true, data: { jobs: [] } });
    const long = a.call({ type: "bash", command: "echo started; sleep 30" });
    // On offer once the process has started: asked again until it is.
    let moved: Rec | undefined;
    await expect
      .poll(async () => (moved = await b.call({ type: "to_background", command: "echo started; sleep 30" })).data.jobs.length)
      .toBe(1);
    expect(moved?.data.jobs[0]).toMatchObject({ command: "echo started; sleep 30", id: expect.any(String) });
    expect((await long).data.output).toContain(`Moved to the background as ${moved?.data.jobs[0].id}`);
    const jobs = await a.call({ type: "get_jobs" });
    expect(jobs.data.jobs).toEqual(expect.arrayContaining([expect.objectContaining({ id: moved?.data.jobs[0].id, state: "running" })]));
    // (The job ends with the session, at SIGTERM below.)
    await Promise.all([a.close(), b.close()]);
  });

  it("a wrong or missing token gets 401 and nothing else, whatever the path; no WebSocket opens", async () => {
    const token = served.token;
    const wrong = fc.string({ maxLength: 60 }).filter((t) => t !== token);
    const printable = fc.stringMatching(/^[!-~]{1,60}$/).filter((t) => t !== token);
    const path = fc.oneof(
      fc.constantFrom("/", "/rpc", "/api/state", "/api/sessions", "/api/messages", "/../../etc/passwd", "//", "/%00", "/?token="),
      fc.webPath(),
    );
    const how = fc.constantFrom("none", "query", "header", "cookie", "basic");
    await fc.assert(
      fc.asyncProperty(path, wrong, printable, how, async (p, bad, badHeader, via) => {
        const sep = p.includes("?") ? "&" : "?";
        const target = via === "query" ? `${p || "/"}${sep}token=${encodeURIComponent(bad)}` : p || "/";
        const headers: Record<string, string> = {};
        if (via === "header") headers.Authorization = `Bearer ${badHeader}`;
        if (via === "basic") headers.Authorization = `Basic ${Buffer.from(`x:${token}`).toString("base64")}`;
        if (via === "cookie") headers.Cookie = `pi_serve_${new URL(served.url).port}=${badHeader}`;
        const res = await raw(target, headers);
        expect(res.status).toBe(401);
        expect(res.body).toBe("");
        expect(Object.keys(res.headers).sort()).toEqual(["connection", "content-length", "date", "keep-alive"]);
      }),
      { numRuns: 60 },
    );
    // The upgrade to /rpc: refused before any WebSocket exists.
    for (const headers of [{}, { Authorization: "Bearer nope" }] as Record<string, string>[]) expect(await upgrade(headers)).toBe(401);
    // The right token in a cookie, sent by another site's page: refused too.
    const cookie = `pi_serve_${new URL(served.url).port}=${token}`;
    expect(await upgrade({ Cookie: cookie, Origin: "https://evil.example" })).toBe(401);
    expect(await upgrade({ Cookie: cookie })).toBe(101);
  });

  it("stops on SIGTERM with the session saved", async () => {
    const { body } = await getJson("/api/state");
    expect(await served.stop()).toBe(0);
    expect(existsSync(body.sessionFile)).toBe(true);
    expect(readFileSync(body.sessionFile, "utf8")).toContain("Hello from the served agent.");
  });

  async function getJson(path: string): Promise<{ status: number; body: Rec }> {
    const res = await fetch(`${served.url}${path}`, { headers: { Authorization: `Bearer ${served.token}` } });
    return { status: res.status, body: (await res.json()) as Rec };
  }

  function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: Rec }> {
    return new Promise((resolve, reject) => {
      const req = request(`${served.url}${path.startsWith("/") ? "" : "/"}${path}`, { headers }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  function upgrade(headers: Record<string, string>): Promise<number> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${served.url.replace(/^http/, "ws")}/rpc`, { headers });
      ws.once("open", () => (ws.close(), resolve(101)));
      ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.once("error", () => undefined);
    });
  }
});

/** An event's kind, with a dialog's method (both clients get the same records in the same order). */
function kind(r: Rec): string {
  return r.type === "extension_ui_request" ? `${r.type}:${r.method}` : r.type;
}
