// The core tools every session starts with: read, write, edit and bash. Registering them only
// builds plain objects; nothing is read, spawned or loaded until a tool is called.
// Also provides the "file-mutations" service, the one per-file queue every file-writing tool
// shares; its map is kept across reloads (api.keep), so edits queued before a reload stay ordered
// with those after it. Bash commands run without provider keys in their environment (the
// "models" service names them; settings `shell.passProviderKeys` lets them through), inside the
// "shellSandbox" service's sandbox when a plugin provides one. read, write and edit go through
// the "file-system" service when a plugin provides one (ACP mode's client fs).
import { definePlugin } from "pi-kernel";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { createFileMutationQueue, shellEnv } from "../../lib/tool-kit/index.js";
import { createBashTool } from "./bash.js";
import { createEditTool } from "./edit.js";
import { createReadTool } from "./read.js";
import { createWriteTool } from "./write.js";

export default definePlugin({
  name: "tools-core",
  provides: ["file-mutations"],
  uses: ["file-mutations", "file-system", "models", "shellSandbox"],
  setup(api) {
    const queue = api.keep("file-mutations", createFileMutationQueue);
    api.services.provide("file-mutations", queue);
    // Asked when a tool runs, so a plugin that provides the service in its place queues with us.
    const mutations: FileMutationsService = {
      run: <T>(path: string, fn: () => Promise<T>) => (api.services.get("file-mutations") ?? queue).run(path, fn),
    };
    // Asked on every call: a mode fronting an editor (ACP) serves text files through its client.
    const files = () => api.services.get("file-system");
    api.register.tool(createReadTool(files));
    api.register.tool(
      createBashTool(
        () => shellEnv(api),
        () => api.services.get("shellSandbox"),
      ),
    );
    api.register.tool(createEditTool(mutations, files));
    api.register.tool(createWriteTool(mutations, files));
  },
});
