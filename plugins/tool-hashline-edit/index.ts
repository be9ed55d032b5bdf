// Hashline editing (off by default): enable with `--tools read,hashline_edit,...` or
// setActiveTools. While hashline_edit is active, read shows lines as `N#HH:content` and the model
// edits by those anchors; a stale anchor is refused with the current lines. Edits queue per file
// with edit and write through the "file-mutations" service (tools-core); without it, through a
// queue of its own kept across reloads.
import { definePlugin } from "pi-kernel";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { createFileMutationQueue } from "../../lib/tool-kit/index.js";
import { anchorReadResult } from "./read-anchors.js";
import { createHashlineEditTool } from "./tool.js";

export default definePlugin({
  name: "tool-hashline-edit",
  uses: ["file-mutations"],
  setup(api) {
    const own = api.keep("file-mutations", createFileMutationQueue);
    const mutations: FileMutationsService = {
      run: <T>(path: string, fn: () => Promise<T>) => (api.services.get("file-mutations") ?? own).run(path, fn),
    };
    const hashlineEditTool = createHashlineEditTool(mutations);
    api.register.tool(hashlineEditTool);
    api.on("toolResult", (event) => (api.agent.activeToolNames().includes(hashlineEditTool.name) ? anchorReadResult(event) : event));
  },
});
