// Turns two runs (reference pi and pi-kernel) of one package into comparable facts and the first
// difference between them, in one line.
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;
const PROBLEM = /error|fail|cannot|can't|not a function|not found|is not|invalid|missing|unsupported|undefined/i;
// Lines that mean the package (or part of it) did not load, as opposed to warnings it prints itself
// (pi-kernel says "<plugin>: setup failed in <file>: ..." when an extension's factory throws).
const LOAD_FAILURE =
  /failed to load|setup failed|cannot find module|is not a function|is not a constructor|SyntaxError|handler failed|does not provide an export|is not defined|Cannot read properties|Cannot set properties/i;
const NOISE = /^(\s*at |\s*$|node:internal|\(Use `node --trace)|ExperimentalWarning|DeprecationWarning/;

/** Replaces the run's own folders and timings so two runs' texts can be compared. */
export function normaliser(run, pkgDir, shimDir) {
  const pairs = [
    [pkgDir, "<pkg>"],
    [shimDir, "<shims>"],
    [run.dirs.work, "<work>"],
    [run.dirs.home, "<home>"],
    [run.dirs.agent, "<agent>"],
    [run.dirs.root, "<tmp>"],
  ].filter(([from]) => from);
  return (text) => {
    let out = String(text ?? "").replace(ANSI, "");
    for (const [from, to] of pairs) out = out.split(from).join(to);
    return out
      .replace(/\b\d+(\.\d+)?\s?(ms|s|sec|seconds)\b/g, "<time>")
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z?/g, "<date>")
      .trim();
  };
}

/**
 * Names the package added on top of the runtime's own (the baseline run with the probe alone). A
 * name the runtime already had counts too when the package took it over (its source path changed):
 * pi-kernel has built-in tools pi lacks (e.g. `subagent`), which a package may replace.
 */
export function added(probe, baseline) {
  const pick = (kind) => {
    const base = new Map((baseline?.[kind] ?? []).map((x) => [x.name, x.path]));
    const names = (probe?.[kind] ?? []).filter((x) => !base.has(x.name) || (x.path && base.get(x.name) !== x.path)).map((x) => x.name);
    return [...new Set(names)].sort();
  };
  return { tools: pick("tools"), commands: pick("commands") };
}

export function registered(record, kind) {
  return [...new Set(record.filter((r) => r.kind === kind).map((r) => r.name))].sort();
}

/** Whether the run's stderr says something did not load (warnings a package prints do not count). */
export function loadFailed(run) {
  return !run.probe || run.stderr.split("\n").some((l) => LOAD_FAILURE.test(l) && !NOISE.test(l));
}

/** The first line of stderr (or of the probe's own errors) that reads like a failure, load failures first. */
export function firstProblem(run, norm) {
  const lines = run.stderr
    .replace(ANSI, "")
    .split("\n")
    .filter((l) => !NOISE.test(l));
  const hit = lines.find((l) => LOAD_FAILURE.test(l)) ?? lines.find((l) => PROBLEM.test(l));
  if (hit) return norm(hit).slice(0, 300);
  if (run.probe?.errors?.length) return `probe: ${run.probe.errors[0]}`;
  if (!run.probe) {
    if (run.timedOut) return "timed out before session_start";
    if (run.exit && run.exit.code !== 0)
      return `exited with code ${run.exit.code}${run.exit.signal ? ` (${run.exit.signal})` : ""} before session_start`;
    return "session_start never reached the probe";
  }
  return undefined;
}

function text(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (p.type === "text" ? p.text : `[${p.type}]`)).join("\n");
  return content === undefined ? "" : JSON.stringify(content);
}

const UI_TEXT = ["message", "title", "statusKey", "statusText", "widgetKey", "widgetLines", "text", "notifyType"];

/** What the offline call answered, in a runtime-neutral shape. */
export function answer(run, call, toolResults, normalise) {
  if (!call) return null;
  // A call may name what is random per session (a generated agent name, say) so it is not a difference.
  const norm = call.mask ? (t) => normalise(t).replace(new RegExp(call.mask, "g"), "<random>") : normalise;
  const ui = run.callEvents
    .filter((e) => e.type === "extension_ui_request")
    .map((e) => {
      const out = { method: e.method };
      for (const k of UI_TEXT) if (e[k] !== undefined) out[k] = norm(Array.isArray(e[k]) ? e[k].join("\n") : e[k]);
      return out;
    });
  const messages = run.callEvents
    .filter((e) => e.type === "message_end" && e.message?.role === "custom")
    .map((e) => ({ customType: e.message.customType, text: norm(text(e.message.content)) }));
  const response = run.callResponse
    ? { success: run.callResponse.success, error: run.callResponse.error && norm(run.callResponse.error) }
    : null;
  if (call.kind === "command") return { response, ui, messages };
  const ends = run.callEvents.filter((e) => e.type === "tool_execution_end");
  const tool = ends.map((e) => ({ tool: e.toolName, isError: !!e.isError, text: norm(text(e.result?.content)) }));
  return { response, tool, sentBack: toolResults.map(norm), ui, messages };
}

function listDiff(label, a, b) {
  const onlyA = a.filter((x) => !b.includes(x));
  const onlyB = b.filter((x) => !a.includes(x));
  if (!onlyA.length && !onlyB.length) return undefined;
  const part = (name, xs) => (xs.length ? `${name} ${xs.slice(0, 6).join(", ")}${xs.length > 6 ? ` (+${xs.length - 6})` : ""}` : "");
  return `${label}: ${[part("pi only:", onlyA), part("pi-kernel only:", onlyB)].filter(Boolean).join("; ")}`;
}

function firstValueDiff(a, b, path = "") {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstValueDiff(a[key], b[key], path ? `${path}.${key}` : key);
      if (d) return d;
    }
  }
  const show = (v) => (v === undefined ? "(none)" : JSON.stringify(v).slice(0, 120));
  return `${path || "answer"}: pi ${show(a)} vs pi-kernel ${show(b)}`;
}

const prefixed = (label, diff) => (diff ? `${label} ${diff}` : undefined);

/** A load failure on either side, saying whose; undefined when both load. */
function loadDifference(ref, kernel) {
  if (ref.loads && kernel.loads) return undefined;
  if (ref.loads) return `pi-kernel: ${kernel.problem}`;
  if (kernel.loads) return `pi: ${ref.problem} (pi-kernel: no error)`;
  return ref.problem === kernel.problem ? `both: ${ref.problem}` : `pi: ${ref.problem} | pi-kernel: ${kernel.problem}`;
}

/** The first line of an interactive screen that says something did not load. */
export function screenProblem(screen) {
  return String(screen ?? "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => LOAD_FAILURE.test(l));
}

/** The interactive runs (run-interactive.mjs) compared: both load in ctx.mode "tui" and the package adds the same there. */
function interactiveDifference(ref, kernel) {
  if (!ref || !kernel) return undefined;
  if (ref.loads !== kernel.loads) return ref.loads ? `pi-kernel: ${kernel.problem}` : `pi: ${ref.problem}`;
  return listDiff("tools", ref.tools, kernel.tools) ?? listDiff("commands", ref.commands, kernel.commands);
}

/**
 * The themes a package brings, as each runtime's interactive UI lists them (the probe's
 * `ctx.ui.getAllThemes()`, those from the package's folder), and whether each could be selected.
 */
function themeDifference(ref, kernel) {
  if (!ref || !kernel) return undefined;
  const listed = listDiff("themes", ref.themes ?? [], kernel.themes ?? []);
  if (listed) return listed;
  const refused = (ref.themes ?? []).filter((n) => ref.selectable?.[n] === true && kernel.selectable?.[n] !== true);
  if (refused.length) return `theme ${refused[0]} not selectable in pi-kernel: ${kernel.selectable?.[refused[0]] ?? "not tried"}`;
  const refRefused = (ref.themes ?? []).filter((n) => ref.selectable?.[n] !== true && kernel.selectable?.[n] === true);
  return refRefused.length ? `theme ${refRefused[0]} not selectable in pi: ${ref.selectable?.[refRefused[0]] ?? "not tried"}` : undefined;
}

/** The row of the table for one package. */
export function compareRuns(ref, kernel) {
  const checks = {
    tools: listDiff("tools", ref.tools, kernel.tools),
    commands: listDiff("commands", ref.commands, kernel.commands),
    flags: listDiff("flags", ref.flags, kernel.flags),
    shortcuts: listDiff("shortcuts", ref.shortcuts, kernel.shortcuts),
    themes: themeDifference(ref.tui, kernel.tui),
    call: ref.answer || kernel.answer ? prefixed("call", firstValueDiff(ref.answer, kernel.answer)) : undefined,
    interactive: prefixed("interactive", interactiveDifference(ref.tui, kernel.tui)),
  };
  // Not columns of the table, but differences all the same: listed after the columns' own.
  const api = ref.shapes && kernel.shapes ? prefixed("API shape", firstValueDiff(ref.shapes, kernel.shapes)) : undefined;
  const stderr = !ref.problem && kernel.problem ? `pi-kernel stderr: ${kernel.problem}` : undefined;
  const first = loadDifference(ref, kernel) ?? Object.values(checks).find(Boolean) ?? api ?? stderr;
  return {
    equal: Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, !v])),
    first,
    details: [...Object.values(checks), api, stderr].filter(Boolean),
  };
}

/**
 * The extension-context surface the two runtimes hand an extension (the probe's `surface`, from the
 * baseline runs): per object, the members pi offers that pi-kernel lacks, the ones whose typeof
 * differs, and those only pi-kernel has.
 */
export function compareSurface(ref, kernel) {
  const rows = [];
  for (const object of Object.keys(ref ?? {})) {
    const r = ref[object] ?? {};
    const k = kernel?.[object] ?? {};
    const missing = Object.keys(r)
      .filter((m) => !(m in k) && !m.startsWith("_"))
      .sort();
    const differs = Object.keys(r)
      .filter((m) => m in k && r[m] !== k[m] && !m.startsWith("_"))
      .map((m) => `${m} (${r[m]} / ${k[m]})`)
      .sort();
    const extra = Object.keys(k)
      .filter((m) => !(m in r) && !m.startsWith("_"))
      .sort();
    rows.push({ object, members: Object.keys(r).length, missing, differs, extra });
  }
  return rows;
}
