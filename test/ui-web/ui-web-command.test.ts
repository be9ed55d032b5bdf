// `/ui web` from a terminal session (the inline UI in a virtual terminal, an in-process kernel with
// the real mode-rpc, serve and ui-web plugins on the simulator): it serves the session and prints
// the address with its token; the page is served there behind the token; a WebSocket client on
// /rpc sees the run the terminal starts, and the terminal keeps working. A second `/ui web` prints
// the same address. `/ui` completes "web". Dialogs then go to the terminal and the page at once:
// the first answer wins and the other side takes its dialog down.
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import permissions from "../../plugins/permissions/index.js";
import modeRpc from "../../plugins/mode-rpc/index.js";
import serve from "../../plugins/serve/index.js";
import uiWeb from "../../plugins/ui-web/index.js";
import { KEYS, startUi, type UiHarness } from "../ui/harness.js";

function status(url: string): Promise<{ status: number; type?: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] });
    })
      .on("error", reject)
      .end();
  });
}

describe("/ui web from a terminal session", () => {
  let h: UiHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("serves the session, prints the address with its token, and the terminal keeps working beside the page", async () => {
    h = await startUi({ plugins: [modeRpc, serve, uiWeb] });
    const command = h.kernel.host.current.registry.get("command", "ui")!;
    expect((await command.getArgumentCompletions?.("w"))?.map((c) => c.value)).toEqual(["web"]);
    await h.send("/ui web");
    await h.send(KEYS.enter);
    const screen = await h.waitFor(/Web UI: http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/);
    const open = /Web UI: (\S+)/.exec(screen)![1];
    const url = new URL(open);
    expect(await status(`${url.origin}/`)).toMatchObject({ status: 401 });
    expect(await status(open)).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });

    const ws = new WebSocket(`ws://${url.host}/rpc${url.search}`);
    const records: Record<string, unknown>[] = [];
    ws.on("message", (data) => records.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    h.sim.script({ text: "Answered in the terminal." });
    await h.send("hello from the terminal");
    await h.send(KEYS.enter);
    await h.waitFor(/Answered in the terminal\./);
    await expect.poll(() => records.some((r) => r.type === "agent_end")).toBe(true);
    const ended = records.find((r) => r.type === "message_end" && (r.message as { role: string }).role === "assistant");
    expect(JSON.stringify(ended)).toContain("Answered in the terminal.");
    ws.close();

    await h.send("/ui web");
    await h.send(KEYS.enter);
    await h.waitFor((s) => s.split(open).length > 2);
  });

  it("a permission dialog goes to the terminal and the page: the first answer wins, the other closes", async () => {
    h = await startUi({ plugins: [modeRpc, serve, uiWeb, permissions], flags: { permissionMode: "ask" } });
    await h.send("/ui web");
    await h.send(KEYS.enter);
    const url = new URL(/Web UI: (\S+)/.exec(await h.waitFor(/Web UI: \S+/))![1]);
    const ws = new WebSocket(`ws://${url.host}/rpc${url.search}`);
    const records: Record<string, any>[] = [];
    ws.on("message", (data) => records.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const asked = async (from: number) => {
      await expect.poll(() => records.slice(from).find((r) => r.type === "extension_ui_request" && r.method === "select")).toBeTruthy();
      return records.slice(from).find((r) => r.type === "extension_ui_request" && r.method === "select")!;
    };

    // Answered on the page while the terminal shows it: the terminal's dialog goes away.
    h.sim.script({ toolCalls: [{ name: "write", arguments: { path: "web.txt", content: "from the web\n" } }] }, { text: "Web said yes." });
    await h.send("write web.txt");
    await h.send(KEYS.enter);
    await h.waitFor(/Allow once/);
    const first = await asked(0);
    expect(first.options).toContain("Allow once");
    ws.send(JSON.stringify({ type: "extension_ui_response", id: first.id, value: "Allow once" }));
    await h.waitFor((s) => /Web said yes\./.test(s) && !/Allow once/.test(s));
    expect(readFileSync(join(h.project, "web.txt"), "utf8")).toBe("from the web\n");
    expect(records.some((r) => r.type === "extension_ui_closed" && r.id === first.id)).toBe(false);

    // Answered in the terminal (Esc refuses) while the page shows it: the page is told to close it.
    const from = records.length;
    h.sim.script({ toolCalls: [{ name: "write", arguments: { path: "terminal.txt", content: "no\n" } }] }, { text: "NOT ASKED" });
    await h.send("write terminal.txt");
    await h.send(KEYS.enter);
    await h.waitFor(/Allow once/);
    const second = await asked(from);
    await h.send(KEYS.escape);
    await expect.poll(() => records.some((r) => r.type === "extension_ui_closed" && r.id === second.id)).toBe(true);
    await h.kernel.agent.waitForIdle();
    expect(existsSync(join(h.project, "terminal.txt"))).toBe(false);
    ws.close();
  });
});
