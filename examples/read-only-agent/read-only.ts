// A pi extension (it runs unchanged in pi too): the agent may only read and search. The model
// is offered read and grep alone, any other tool call is refused before it runs, and the
// reviewer's own theme (themes/reviewer.json, shipped in this package) is selected.
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";

const ALLOWED = ["read", "grep"];

export default function readOnly(pi: ExtensionAPI) {
  pi.on("session_start", (_event, ctx) => {
    pi.setActiveTools(ALLOWED);
    if (ctx.hasUI) ctx.ui.setTheme("reviewer");
  });
  pi.on("tool_call", (event) => {
    if (ALLOWED.includes(event.toolName)) return undefined;
    return { block: true, reason: `This is a read-only agent: "${event.toolName}" is not allowed. Suggest the change instead.` };
  });
}
