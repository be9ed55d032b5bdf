// A pi extension's timer or stray promise that throws reaches the process, not a hook. These
// process-level handlers find the extension in the error's stack (its files' paths) and report
// it as that extension's error, so the agent keeps running; an error no extension owns ends the
// process as Node would have. The owners and the installed flag are the pi-compat plugin's kept
// state (api.keep), so a reload of pi-compat neither forgets them nor installs the handlers twice.
import type { PluginApi } from "pi-kernel";

interface Owner {
  name: string;
  root: string;
  api: PluginApi;
}
interface Guard {
  owners: Map<string, Owner>;
  installed: boolean;
}
type Event = "uncaughtException" | "unhandledRejection";
/** Our listeners carry their owner lookup, so the guards of several agents in one process cooperate. */
type GuardListener = ((error: unknown) => void) & { piCompatOwnerOf?: (error: unknown) => Owner | undefined };

export interface CrashGuard {
  /** Registers an extension's files (its package root) as its own; returns the removal. */
  ownFiles(name: string, root: string, api: PluginApi): () => void;
}

/** The crash guard of the pi-compat plugin whose `api` this is. */
export function crashGuard(api: PluginApi): CrashGuard {
  const guard = api.keep("crash-guard", (): Guard => ({ owners: new Map(), installed: false }));
  return {
    ownFiles(name, root, extApi) {
      const owner = { name, root, api: extApi };
      guard.owners.set(name, owner);
      install(guard);
      return () => {
        if (guard.owners.get(name) === owner) guard.owners.delete(name);
      };
    },
  };
}

function ownerOf(guard: Guard, error: unknown): Owner | undefined {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  let best: Owner | undefined;
  for (const o of guard.owners.values()) {
    if (o.root && stack.includes(o.root) && (!best || o.root.length > best.root.length)) best = o;
  }
  return best;
}

function install(guard: Guard): void {
  if (guard.installed) return;
  guard.installed = true;
  const handle = (kind: string, event: Event): GuardListener => {
    const listener: GuardListener = (error: unknown) => {
      const owner = ownerOf(guard, error);
      if (!owner) return unowned(kind, event, listener, error);
      const message = error instanceof Error ? error.message : String(error);
      try {
        owner.api.current().diagnose({ level: "error", where: kind, message: `extension ${owner.name}: ${kind}: ${message}`, error });
      } catch {
        process.stderr.write(`pi: extension ${owner.name}: ${kind}: ${message}\n`);
      }
    };
    listener.piCompatOwnerOf = (error) => ownerOf(guard, error);
    return listener;
  };
  process.on("uncaughtException", handle("uncaught exception", "uncaughtException"));
  process.on("unhandledRejection", handle("unhandled rejection", "unhandledRejection"));
}

/** An error none of this agent's extensions owns: another agent's guard, or another listener, or the end. */
function unowned(kind: string, event: Event, self: GuardListener, error: unknown): void {
  const listeners = (event === "uncaughtException" ? process.listeners(event) : process.listeners(event)) as GuardListener[];
  const others = listeners.filter((l) => l !== self);
  // Someone else also listens (a test runner, an SDK host): theirs to handle.
  if (others.some((l) => !l.piCompatOwnerOf)) return;
  // Another agent's guard owns it and reports it; of several guards, the first ends the process.
  if (others.some((l) => l.piCompatOwnerOf!(error)) || listeners.find((l) => l.piCompatOwnerOf) !== self) return;
  process.stderr.write(`${kind}: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
}
