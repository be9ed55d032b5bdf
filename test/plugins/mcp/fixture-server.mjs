// A tiny stdio MCP server for the tests that server-everything cannot drive: `grow` adds a tool
// (so the server sends notifications/tools/list_changed), `shrink` removes it again, `big` returns
// BIG_CHARS characters of text (default 1,000), and `wait` runs until cancelled and
// then writes "cancelled" to the file named by MARK_FILE, so a test can see the cancellation.
// With PID_FILE it appends its pid there (a test checks the agent's exit took it along); with
// FAIL_IF_EXISTS naming a file that exists it exits at once (a server that is down, then back).
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

if (process.env.FAIL_IF_EXISTS && existsSync(process.env.FAIL_IF_EXISTS)) process.exit(4);
if (process.env.PID_FILE) appendFileSync(process.env.PID_FILE, `${process.pid}\n`);

const server = new McpServer({ name: "fixture", version: "1.0.0" });
let sprout;
server.registerTool("grow", { description: "Adds the sprout tool" }, async () => {
  sprout ??= server.registerTool("sprout", { description: "A tool that appeared later" }, async () => ({
    content: [{ type: "text", text: "sprouted" }],
  }));
  return { content: [{ type: "text", text: "grown" }] };
});
server.registerTool("shrink", { description: "Removes the sprout tool" }, async () => {
  sprout?.remove();
  sprout = undefined;
  return { content: [{ type: "text", text: "shrunk" }] };
});
server.registerTool("big", { description: "Returns a long text" }, async () => {
  const n = Number(process.env.BIG_CHARS ?? 1000);
  // Lines numbered at both ends, so a test can tell the whole text was kept.
  const line = "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopq\n";
  return { content: [{ type: "text", text: `BEGIN\n${line.repeat(Math.ceil(n / line.length)).slice(0, n)}\nEND` }] };
});
server.registerTool(
  "wait",
  { description: "Waits until cancelled" },
  (extra) =>
    new Promise((resolve) => {
      extra.signal.addEventListener("abort", () => {
        if (process.env.MARK_FILE) writeFileSync(process.env.MARK_FILE, "cancelled");
        resolve({ content: [{ type: "text", text: "stopped" }] });
      });
    }),
);
await server.connect(new StdioServerTransport());
