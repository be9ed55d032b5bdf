// One package through the whole comparison: install it, run it in the reference pi and in
// pi-kernel (once as a user loads it, once with recording shims for flags and shortcuts), compare.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { added, answer, compareRuns, firstProblem, loadFailed, normaliser, registered, screenProblem } from "./compare.mjs";
import { extensionEntries, writeShims } from "./entries.mjs";
import { installPackage } from "./install.mjs";
import { runInteractive } from "./run-interactive.mjs";
import { cleanup, runRuntime, scratch } from "./run-runtime.mjs";

let runCounter = 0;

async function side(ctx, which, pkgDir, shims, call) {
  const rt = which === "ref" ? ctx.reference : ctx.kernel;
  const id = `${which}-${++runCounter}`;
  if (call?.kind === "tool") ctx.fake.plan(id, call);
  const tmp = scratch(ctx.runsDir, `${id}-`);
  const run = await runRuntime({
    command: rt.command,
    load: [ctx.probe, pkgDir],
    tmp,
    baseUrl: ctx.fake.baseUrl(id),
    call,
    timeoutMs: ctx.timeoutMs,
  });
  const shimDir = shims.length ? dirname(shims[0]) : undefined;
  const norm = normaliser(run, pkgDir, shimDir);
  // Second run: the package's entry files behind recording shims, for what it registers.
  let record = [];
  let recordProblem;
  if (shims.length) {
    const tmp2 = scratch(ctx.runsDir, `${id}-rec-`);
    const rec = await runRuntime({
      command: rt.command,
      load: [ctx.probe, ...shims],
      tmp: tmp2,
      baseUrl: ctx.fake.baseUrl(`${id}-rec`),
      timeoutMs: ctx.timeoutMs,
    });
    record = rec.record;
    recordProblem = firstProblem(rec, normaliser(rec, pkgDir, shimDir));
    if (!ctx.keep) cleanup(tmp2);
  }
  // Third run: the interactive UI (ctx.mode "tui"), with the offline command typed when it is one.
  const tmp3 = scratch(ctx.runsDir, `${id}-tui-`);
  const tui = await runInteractive({
    command: rt.command,
    load: [ctx.probe, pkgDir],
    pkgDir,
    tmp: tmp3,
    baseUrl: ctx.fake.baseUrl(`${id}-tui`),
    call,
    timeoutMs: ctx.timeoutMs,
  });
  const tuiNorm = normaliser(tui, pkgDir, shimDir);
  const tuiExposed = added(tui.probe, ctx.baselines[which]);
  const tuiProblem =
    screenProblem(tui.startup) ?? (tui.probe ? undefined : tui.timedOut ? "timed out before session_start" : "exited before session_start");
  if (!ctx.keep) cleanup(tmp3);
  const problem = firstProblem(run, norm);
  const exposed = added(run.probe, ctx.baselines[which]);
  const result = {
    loads: !loadFailed(run),
    problem,
    recordProblem,
    tools: exposed.tools,
    commands: exposed.commands,
    flags: registered(record, "flag"),
    shortcuts: registered(record, "shortcut"),
    registeredTools: registered(record, "tool"),
    registeredCommands: registered(record, "command"),
    shapes: run.probe?.shapes,
    answer: answer(run, call, ctx.fake.results(id).toolResults, norm),
    stderr: norm(run.stderr).split("\n").slice(0, 40).join("\n"),
    timedOut: run.timedOut,
    tui: {
      loads: !!tui.probe && !tuiProblem,
      problem: tuiProblem && tuiNorm(tuiProblem),
      tools: tuiExposed.tools,
      commands: tuiExposed.commands,
      themes: tui.probe?.themes?.names ?? [],
      selectable: tui.probe?.themes?.selectable ?? {},
      startup: tuiNorm(tui.startup),
      afterCall: tui.afterCall === undefined ? undefined : tuiNorm(tui.afterCall),
    },
  };
  if (!ctx.keep) cleanup(tmp);
  return result;
}

export async function testPackage(ctx, name, call) {
  const installed = await installPackage(ctx.cache, name, undefined, 300_000);
  if (installed.error) return { name, install: installed.error };
  const shimDir = join(ctx.cache, "shims", name.replace(/^@/, "").replace(/\//g, "+"));
  mkdirSync(shimDir, { recursive: true });
  const entries = extensionEntries(installed.pkgDir);
  const shims = writeShims(installed.pkgDir, entries, shimDir);
  // The two runtimes one after the other, so at most `--jobs` processes run at once.
  const ref = await side(ctx, "ref", installed.pkgDir, shims, call);
  const kernel = await side(ctx, "kernel", installed.pkgDir, shims, call);
  const verdict = compareRuns(ref, kernel);
  return { name, version: installed.version, entries: entries.length, call, ref, kernel, ...verdict };
}
