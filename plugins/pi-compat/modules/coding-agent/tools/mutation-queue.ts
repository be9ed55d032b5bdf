// pi's withFileMutationQueue: mutations of one file (by real path) run one after another, files in
// parallel. Inside a pi-kernel agent it queues on the process's "file-mutations" service (asked at
// call time through the runtime link), so an extension's writes wait for the built-in tools', a
// subagent's and a rewind's, as pi keeps one queue per process. Outside one (a module loaded by
// itself), on a queue of this copy of the module.
import { createFileMutationQueue } from "../../../../../lib/tool-kit/index.js";
import { linkedApi } from "../../runtime-link.js";

const own = createFileMutationQueue();

export function withFileMutationQueue<T>(filePath: string, fn: () => Promise<T>): Promise<T> {
  return (linkedApi()?.services.get("file-mutations") ?? own).run(filePath, fn);
}
