// The "file-mutations" service (provided by the composition root, compose/file-mutations.ts): one
// queue per file for everything in the process that writes files (tools, extensions, checkpoints'
// restores, child agents alike), so parallel writes and edits of one file run one after another
// instead of both reading the original and the later write dropping the earlier one.

export interface FileMutationsService {
  /** Runs `fn` once every earlier mutation of the same file (by real path) has finished. */
  run<T>(path: string, fn: () => Promise<T>): Promise<T>;
}

declare module "pi-kernel" {
  interface Services {
    "file-mutations": FileMutationsService;
  }
}
