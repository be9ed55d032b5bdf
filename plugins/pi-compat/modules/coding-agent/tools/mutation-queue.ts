// pi's withFileMutationQueue: mutations of one file (by real path) run one after another, files in
// parallel. One queue per copy of this module, as pi keeps one per process: an extension's tools
// and the tools it builds with createEditTool/createWriteTool share it.
import { createFileMutationQueue } from "../../../../../lib/tool-kit/index.js";

const queue = createFileMutationQueue();

export function withFileMutationQueue<T>(filePath: string, fn: () => Promise<T>): Promise<T> {
  return queue.run(filePath, fn);
}
