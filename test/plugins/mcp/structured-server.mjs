// A stdio MCP server in raw JSON-RPC (no SDK, which would check its own output): one tool,
// `measure`, with an output schema ({ length: number }), whose structured result matches the
// schema when called with `valid: true` and does not otherwise. The client must tell them apart.
// With BAD_SCHEMA set it also lists `broken`, whose input schema no validator can compile.
import { createInterface } from "node:readline";

const tool = {
  name: "measure",
  description: "Measures, with a structured result",
  inputSchema: { type: "object", properties: { valid: { type: "boolean" } } },
  outputSchema: { type: "object", properties: { length: { type: "number" } }, required: ["length"] },
};
const broken = {
  name: "broken",
  description: "A tool whose input schema is invalid",
  inputSchema: { type: "object", properties: { x: { type: "nonsense" } } },
};
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
const answer = {
  initialize: (params) => ({
    protocolVersion: params.protocolVersion,
    capabilities: { tools: {} },
    serverInfo: { name: "structured", version: "1.0.0" },
  }),
  "tools/list": () => ({ tools: process.env.BAD_SCHEMA ? [tool, broken] : [tool] }),
  "tools/call": (params) => {
    const length = params.arguments?.valid ? 42 : "long";
    return { content: [{ type: "text", text: `length ${length}` }], structuredContent: { length } };
  },
};
createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return; // notifications
  const handle = answer[message.method];
  if (handle) send({ id: message.id, result: handle(message.params ?? {}) });
  else send({ id: message.id, error: { code: -32601, message: `no method ${message.method}` } });
});
