// The "file-mutations" service (provided by plugins/tools-core): one queue per file for every tool
// that writes files, so parallel writes and edits of one file run one after another instead of
// both reading the original and the later write dropping the earlier one.

export interface FileMutationsService {
  /** Runs `fn` once every earlier mutation of the same file (by real path) has finished. */
  run<T>(path: string, fn: () => Promise<T>): Promise<T>;
}

declare module "pi-kernel" {
  interface Services {
    "file-mutations": FileMutationsService;
  }
}
