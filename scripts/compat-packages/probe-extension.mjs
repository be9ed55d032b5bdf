// The probe: a tiny pi extension loaded next to the package under test, in the reference pi and in
// pi-kernel alike. At session start it writes what the runtime exposes (pi.getAllTools(),
// pi.getCommands()) to the file named by COMPAT_PROBE_OUT, using only pi's public extension API,
// and the extension-context surface: the members of `pi`, `ctx`, `ctx.ui`, `ctx.sessionManager` and
// `ctx.modelRegistry` (own and inherited names, with their typeof), compared between the runtimes.
import { writeFileSync } from "node:fs";

function describe(value) {
  return value && typeof value.then === "function" ? "promise" : Array.isArray(value) ? "array" : typeof value;
}

/** Every property name an object offers (own and up its prototype chain, Object's own left out), with its typeof. */
function members(value) {
  const out = {};
  for (let o = value; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const key of Object.getOwnPropertyNames(o)) {
      if (key === "constructor" || key in out) continue;
      try {
        out[key] = typeof value[key];
      } catch {
        out[key] = "throws";
      }
    }
  }
  return out;
}

function surface(pi, ctx) {
  const of = (v) => (v && typeof v === "object" ? members(v) : {});
  return {
    pi: of(pi),
    ctx: of(ctx),
    "ctx.ui": of(ctx?.ui),
    "ctx.sessionManager": of(ctx?.sessionManager),
    "ctx.modelRegistry": of(ctx?.modelRegistry),
  };
}

async function snapshot(pi, ctx) {
  const out = { tools: [], commands: [], shapes: {}, errors: [] };
  try {
    const tools = pi.getAllTools();
    out.shapes.getAllTools = describe(tools);
    out.tools = (await tools).map((t) => ({ name: t.name, source: t.sourceInfo?.source, path: t.sourceInfo?.path }));
  } catch (error) {
    out.errors.push(`getAllTools: ${error?.message ?? error}`);
  }
  try {
    const commands = pi.getCommands();
    out.shapes.getCommands = describe(commands);
    out.commands = (await commands).map((c) => ({ name: c.name, source: c.source, path: c.sourceInfo?.path ?? c.path }));
  } catch (error) {
    out.errors.push(`getCommands: ${error?.message ?? error}`);
  }
  try {
    out.activeTools = pi.getActiveTools();
  } catch (error) {
    out.errors.push(`getActiveTools: ${error?.message ?? error}`);
  }
  try {
    out.surface = surface(pi, ctx);
  } catch (error) {
    out.errors.push(`surface: ${error?.message ?? error}`);
  }
  return out;
}

export default function compatProbe(pi) {
  pi.on("session_start", async (_event, ctx) => {
    const file = process.env.COMPAT_PROBE_OUT;
    if (file) writeFileSync(file, JSON.stringify(await snapshot(pi, ctx)));
  });
}
