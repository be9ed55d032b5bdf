// grep, find and ls: registered but off by default, as in pi (enable with --tools or a plugin's
// setActiveTools). They use ripgrep and fd when those are on PATH and a built-in, gitignore-aware
// walker otherwise; nothing is looked up until a tool runs.
import { definePlugin } from "pi-kernel";
import { findTool, grepTool, lsTool } from "../../lib/tool-kit/index.js";

export default definePlugin({
  name: "tools-fs-search",
  setup(api) {
    api.register.tool(grepTool);
    api.register.tool(findTool);
    api.register.tool(lsTool);
  },
});
