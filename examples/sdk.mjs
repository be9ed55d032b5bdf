// Drive pi-kernel from your own program. Run from the repo after `npm install`:
//   node examples/sdk.mjs "list the TypeScript files here"
// It uses your normal configuration (~/.pi/agent/models.json, PI_CODING_AGENT_DIR, settings).
import { createAgentSession } from "pi-kernel/sdk";

const session = await createAgentSession({
  cwd: process.cwd(),
  noSession: true,
  // A tool of your own, next to read / write / edit / bash.
  customTools: [
    {
      name: "shout",
      description: "Upper-cases a text",
      parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      async execute(_id, { text }) {
        return { content: [{ type: "text", text: text.toUpperCase() }] };
      },
    },
  ],
});

session.subscribe((event) => {
  if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") {
    process.stdout.write(event.assistantMessageEvent.delta);
  }
  if (event.type === "tool_execution_start") process.stderr.write(`\n[tool] ${event.toolName}\n`);
});

await session.prompt(process.argv[2] ?? "Say hello");
process.stdout.write("\n");
const last = session.messages.at(-1);
if (last?.role === "assistant" && last.stopReason === "error") process.exitCode = 1;
await session.dispose();
