// The core tools every session starts with: read, write, edit and bash. Registering them only
// builds plain objects; nothing is read, spawned or loaded until a tool is called.
// write and edit queue per file through the "file-mutations" service, the one queue of the
// process (the composition root provides it, compose/file-mutations.ts); in a kernel composed
// without it, tools-core provides a queue of its own, kept across reloads (api.keep), that
// hashline_edit and the rest share. Bash commands
// run without provider keys in their environment (the "models" service names them; settings `shell.passProviderKeys` lets them through), inside the
// "shellSandbox" service's sandbox when a plugin provides one. read, write and edit go through
// the "file-system" service when a plugin provides one (ACP mode's client fs).
import { definePlugin } from "pi-kernel";
import type { FileMutationsService } from "../../contracts/file-mutations.js";
import {
  createBashTool,
  createEditTool,
  createFileMutationQueue,
  createReadTool,
  createWriteTool,
  shellEnv,
} from "../../lib/tool-kit/index.js";

export default definePlugin({
  name: "tools-core",
  provides: ["file-mutations"],
  uses: ["file-mutations", "file-system", "models", "shellSandbox", "shellJobs"],
  setup(api) {
    const queue = api.keep("file-mutations", createFileMutationQueue);
    // The composition root's queue, set up after the discovered plugins, replaces this one; here
    // it only stands in where a kernel is composed without the root (tools still share one).
    if (!api.services.has("file-mutations")) api.services.provide("file-mutations", queue);
    // Asked when a tool runs, so a plugin that provides the service in its place queues with us.
    const mutations: FileMutationsService = {
      run: <T>(path: string, fn: () => Promise<T>) => (api.services.get("file-mutations") ?? queue).run(path, fn),
    };
    // Asked on every call: a mode fronting an editor (ACP) serves text files through its client.
    const files = () => api.services.get("file-system");
    api.register.tool(createReadTool(files));
    // Its commands run inside the "shellSandbox" service's sandbox when one is on (the sandbox's gate reads `runs`).
    const bash = createBashTool(
      () => shellEnv(api),
      () => api.services.get("shellSandbox"),
      // run_in_background: asked per call, so the jobs plugin may load, reload or leave on its own.
      () => api.services.get("shellJobs"),
    );
    api.register.tool({ ...bash, runs: "sandboxed" });
    api.register.tool(createEditTool(mutations, files));
    api.register.tool(createWriteTool(mutations, files));
  },
});
