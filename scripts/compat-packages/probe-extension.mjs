// The probe: a tiny pi extension loaded next to the package under test, in the reference pi and in
// pi-kernel alike. At session start it writes what the runtime exposes (pi.getAllTools(),
// pi.getCommands()) to the file named by COMPAT_PROBE_OUT, using only pi's public extension API.
import { writeFileSync } from "node:fs";

function describe(value) {
  return value && typeof value.then === "function" ? "promise" : Array.isArray(value) ? "array" : typeof value;
}

async function snapshot(pi) {
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
  return out;
}

export default function compatProbe(pi) {
  pi.on("session_start", async () => {
    const file = process.env.COMPAT_PROBE_OUT;
    if (file) writeFileSync(file, JSON.stringify(await snapshot(pi)));
  });
}
