// `/ui web` from a terminal session (the inline UI in a virtual terminal, an in-process kernel with
// the real mode-rpc, serve and ui-web plugins on the simulator): it serves the session and prints
// the address with its token; the page is served there behind the token; a WebSocket client on
// /rpc sees the run the terminal starts, and the terminal keeps working. A second `/ui web` prints
// the same address. `/ui` completes "web".
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
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
});
