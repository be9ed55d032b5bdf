// RPC mode keeps writing while the agent shuts down: when the client closes stdin, what
// extensions say in session_shutdown (pi's packages clear their widgets and statuses there)
// still reaches stdout, as in pi, and then the process exits. Like pi, it prints nothing on
// stderr when an extension replaces a built-in tool (that info is in /diagnostics).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";

const EXTENSION = `
export default function (pi) {
  pi.registerTool({ name: "read", label: "read", description: "mine", parameters: { type: "object", properties: {} },
    execute: async () => ({ content: [{ type: "text", text: "mine" }] }) });
  pi.on("session_start", (_e, ctx) => ctx.ui.setStatus("bye-status", "on"));
  pi.on("session_shutdown", (_e, ctx) => {
    ctx.ui.setStatus("bye-status", undefined);
    ctx.ui.setWidget("bye-widget", undefined);
  });
}
`;

it("writes the UI requests extensions make in session_shutdown, then exits", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pik-rpc-shutdown-"));
  try {
    writeFileSync(join(dir, "bye.js"), EXTENSION);
    const r = await runCli(["--mode", "rpc", "--no-session", "-e", join(dir, "bye.js")], {
      cwd: dir,
      env: { PI_CODING_AGENT_DIR: join(dir, "agent"), PI_KERNEL_PROBE_PORTS: "none" },
      input: "",
    });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/info:|read/);
    const requests = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === "extension_ui_request");
    expect(requests.map((e) => [e.method, e.statusKey ?? e.widgetKey, e.statusText ?? e.widgetLines ?? null])).toEqual([
      ["setStatus", "bye-status", "on"],
      ["setStatus", "bye-status", null],
      ["setWidget", "bye-widget", null],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
