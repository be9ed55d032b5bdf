// The per-file mutation queue, a toolkit of its own so the composition root (checked with the
// stricter tsconfig, and loaded by every start) can create the process's queue without loading
// the tool kit. Stateless: each `createFileMutationQueue()` is a new queue; the one a process
// shares is the "file-mutations" service (compose/file-mutations.ts). Tools reach it through
// pi-kernel/tool-kit, which re-exports it.
export { type FileMutationsService, createFileMutationQueue, queueKey } from "./file-mutation-queue.js";
