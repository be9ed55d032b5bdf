// The probe: a tiny pi extension loaded next to the package under test, in the reference pi and in
// pi-kernel alike. At session start it writes what the runtime exposes (pi.getAllTools(),
// pi.getCommands()) to the file named by COMPAT_PROBE_OUT, using only pi's public extension API,
// and the extension-context surface: the members of `pi`, `ctx`, `ctx.ui`, `ctx.sessionManager` and
// `ctx.modelRegistry` (own and inherited names, with their typeof), compared between the runtimes;
// with a UI, also the package's themes and whether each can be selected.
import { realpathSync, writeFileSync } from "node:fs";

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

const real = (p) => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/**
 * The themes the package under test (COMPAT_PROBE_PKG) brought, by the file each came from, and
 * whether each can be selected (`ctx.ui.setTheme`, what pi's /settings and pi-kernel's /theme call);
 * the theme in use before is put back. Only with a UI: without one both runtimes list no themes.
 */
function packageThemes(ctx) {
  const pkg = process.env.COMPAT_PROBE_PKG;
  if (!pkg || !ctx?.hasUI || typeof ctx.ui?.getAllThemes !== "function") return undefined;
  const root = real(pkg);
  const mine = ctx.ui.getAllThemes().filter((t) => t.path && real(t.path).startsWith(root));
  const before = ctx.ui.theme?.name;
  const selectable = {};
  for (const t of mine) {
    const r = ctx.ui.setTheme(t.name);
    selectable[t.name] = r?.success ? true : String(r?.error ?? "refused");
  }
  if (before && mine.length) ctx.ui.setTheme(before);
  return { names: [...new Set(mine.map((t) => t.name))].sort(), selectable };
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
    out.themes = packageThemes(ctx);
  } catch (error) {
    out.errors.push(`themes: ${error?.message ?? error}`);
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
