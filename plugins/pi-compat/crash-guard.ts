// A pi extension's timer or stray promise that throws reaches the process, not a hook. These
// process-level handlers find the extension in the error's stack (its files' paths) and report
// it as that extension's error, so the agent keeps running; an error no extension owns ends the
// process as Node would have.
import type { PluginApi } from "pi-kernel";

interface Owner { name: string; root: string; api: PluginApi }
interface Guard { owners: Map<string, Owner>; installed: boolean }

const KEY = Symbol.for("pi-kernel.pi-compat.crash-guard");
const guard: Guard = ((globalThis as Record<symbol, Guard>)[KEY] ??= { owners: new Map(), installed: false });

/** Registers an extension's files (its package root) as its own; returns the removal. */
export function ownFiles(name: string, root: string, api: PluginApi): () => void {
  const owner = { name, root, api };
  guard.owners.set(name, owner);
  install();
  return () => { if (guard.owners.get(name) === owner) guard.owners.delete(name); };
}

export function ownerOf(error: unknown): Owner | undefined {
  const stack = error instanceof Error ? error.stack ?? "" : "";
  let best: Owner | undefined;
  for (const o of guard.owners.values()) {
    if (o.root && stack.includes(o.root) && (!best || o.root.length > best.root.length)) best = o;
  }
  return best;
}

function install(): void {
  if (guard.installed) return;
  guard.installed = true;
  const handle = (kind: string, event: "uncaughtException" | "unhandledRejection") => (error: unknown) => {
    const owner = ownerOf(error);
    if (!owner) {
      // Someone else also listens (a test runner, an SDK host): theirs to handle.
      if (process.listenerCount(event) > 1) return;
      process.stderr.write(`${kind}: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    }
    const message = error instanceof Error ? error.message : String(error);
    try {
      owner.api.current().diagnose({ level: "error", where: kind, message: `extension ${owner.name}: ${kind}: ${message}`, error });
    } catch {
      process.stderr.write(`pi: extension ${owner.name}: ${kind}: ${message}\n`);
    }
  };
  process.on("uncaughtException", handle("uncaught exception", "uncaughtException"));
  process.on("unhandledRejection", handle("unhandled rejection", "unhandledRejection"));
}
