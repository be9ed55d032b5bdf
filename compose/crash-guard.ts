// A plugin's stray error (a timer that throws, a promise nobody awaits that rejects, an api used
// after its plugin was reloaded or unloaded: StaleApiError) reaches the process, not a hook.
// These process-level handlers turn it into an error diagnostic naming the plugin, so the agent
// keeps running: the owner is the plugin whose files are on the error's stack (native plugins,
// built-in ones and pi extensions alike), or the one a StaleApiError names. An error no plugin
// owns is left to the process's other listeners (a test runner, an SDK host) or, when there are
// none, ends the process as Node would have. One pair of handlers serves every agent in the
// process (a parent and its subagents); each agent is guarded from start() until stop().
import { type Kernel, type PluginSource, StaleApiError } from "../kernel/index.js";
import { ComposeCode } from "./diagnostics.js";
import { ownerOnStack } from "./plugin-owner.js";

type Event = "uncaughtException" | "unhandledRejection";
const KIND: Record<Event, string> = { uncaughtException: "uncaught exception", unhandledRejection: "unhandled rejection" };

interface Guarded {
  kernel: Kernel;
  discovered(): PluginSource[];
}
interface Attribution {
  kernel?: Kernel;
  /** "plugin x" or, for a pi extension, "extension x" (pi's wording). */
  who: string;
  plugin: string;
}
/** Our handlers say whether an error is theirs, so the guards of two copies of this module cooperate. */
type GuardListener = ((error: unknown) => void) & { piKernelOwns?: (error: unknown) => boolean };

const agents = new Set<Guarded>();
let installed = false;

/** Guards `kernel`'s plugins until the returned function is called (its stop). */
export function guardProcess(kernel: Kernel, discovered: () => PluginSource[]): () => void {
  const entry = { kernel, discovered };
  agents.add(entry);
  if (!installed) {
    installed = true;
    for (const event of Object.keys(KIND) as Event[]) process.on(event, listener(event));
  }
  return () => void agents.delete(entry);
}

/** The plugin an error belongs to, in the newest guarded agent that has it. */
export function attribute(error: unknown): Attribution | undefined {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  for (const { kernel, discovered } of [...agents].reverse()) {
    const owner = ownerOnStack(stack, kernel, discovered(), true);
    if (owner) {
      const plugin = owner.name ?? owner.file;
      return { kernel, plugin, who: owner.name ? `${owner.extension ? "extension" : "plugin"} ${plugin}` : `the plugin in ${plugin}` };
    }
  }
  // Only a retired plugin's api throws it, so it is that plugin's even when no agent is left (after stop()).
  if (error instanceof StaleApiError) return { kernel: [...agents].at(-1)?.kernel, plugin: error.plugin, who: `plugin ${error.plugin}` };
}

function listener(event: Event): GuardListener {
  const self: GuardListener = (error) => {
    const found = attribute(error);
    if (!found) return notOurs(event, self, error);
    const message = `${found.who}: ${KIND[event]}: ${error instanceof Error ? error.message : String(error)}`;
    if (!found.kernel) return void process.stderr.write(`pi: error: ${message}\n`);
    found.kernel.report({ level: "error", code: ComposeCode.strayError, plugin: found.plugin, where: KIND[event], message, error });
  };
  self.piKernelOwns = (error) => attribute(error) !== undefined;
  return self;
}

/** No plugin's: another listener's to handle, or the end of the process, as without our handlers. */
function notOurs(event: Event, self: GuardListener, error: unknown): void {
  const listeners = listenersOf(event);
  const others = listeners.filter((l) => l !== self);
  if (others.some((l) => !l.piKernelOwns)) return;
  // Another copy's guard owns it and reports it; of several guards, the first ends the process.
  if (others.some((l) => l.piKernelOwns!(error)) || listeners[0] !== self) return;
  for (const e of Object.keys(KIND) as Event[])
    for (const l of listenersOf(e)) if (l.piKernelOwns) process.off(e as "uncaughtException", l);
  // Thrown again with no handler left: Node prints it and exits with code 1, as it would have.
  process.nextTick(() => {
    throw error;
  });
}

// (Node's typings take the two event names one at a time.)
const listenersOf = (e: Event) => (e === "uncaughtException" ? process.listeners(e) : process.listeners(e)) as GuardListener[];
