// Hashline editing (off by default): enable with `--tools read,hashline_edit,...` or
// setActiveTools. While hashline_edit is active, read shows lines as `N#HH:content` and the model
// edits by those anchors; a stale anchor is refused with the current lines.
import { definePlugin } from "pi-kernel";
import { anchorReadResult } from "./read-anchors.js";
import { hashlineEditTool } from "./tool.js";

export default definePlugin({
  name: "tool-hashline-edit",
  setup(api) {
    api.register.tool(hashlineEditTool);
    api.on("toolResult", (event) => (api.agent.activeToolNames().includes(hashlineEditTool.name) ? anchorReadResult(event) : event));
  },
});
