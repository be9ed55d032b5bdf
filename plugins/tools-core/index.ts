// The core tools every session starts with: read, write, edit and bash. Registering them only
// builds plain objects; nothing is read, spawned or loaded until a tool is called.
// Also provides the "file-mutations" service, the one per-file queue every file-writing tool
// shares; its map is kept across reloads (api.keep), so edits queued before a reload stay ordered
// with those after it. Bash commands run without provider keys in their environment (the
// "models" service names them; settings `shell.passProviderKeys` lets them through), inside the
// "shellSandbox" service's sandbox when a plugin provides one.
import { definePlugin } from "pi-kernel";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import { createFileMutationQueue, shellEnv } from "../../lib/tool-kit/index.js";
import { createBashTool } from "./bash.js";
import { createEditTool } from "./edit.js";
import { readTool } from "./read.js";
import { createWriteTool } from "./write.js";

export default definePlugin({
  name: "tools-core",
  provides: ["file-mutations"],
  uses: ["file-mutations", "models", "shellSandbox"],
  setup(api) {
    const queue = api.keep("file-mutations", createFileMutationQueue);
    api.services.provide("file-mutations", queue);
    // Asked when a tool runs, so a plugin that provides the service in its place queues with us.
    const mutations: FileMutationsService = {
      run: <T>(path: string, fn: () => Promise<T>) => (api.current().services.get("file-mutations") ?? queue).run(path, fn),
    };
    api.register.tool(readTool);
    api.register.tool(
      createBashTool(
        () => shellEnv(api.current()),
        () => api.current().services.get("shellSandbox"),
      ),
    );
    api.register.tool(createEditTool(mutations));
    api.register.tool(createWriteTool(mutations));
  },
});
