// Gives V8 its optimizing compiler back (held while the image loads: compose/optimizer-hold.ts).
//
// Most runs get it first thing at boot: a resumed session's parsing, the requests, the streams and
// the tools run with TurboFan as they always did (held through a resume of 100,000 entries, the
// parse took 2.6x the CPU; released at boot, the same as before). An interactive session that starts
// empty keeps the hold until there is work: its first input (a prompt, a command such as /resume),
// its first turn (an extension's message starts one too) or a reload. Start-up made the path
// functions hot (their profiler ticks stay counted), so once V8's thresholds are back any path work
// compiles them: a file event in a watched folder did, ~1 s after a timed release, in half the runs
// of a busy machine, and one TurboFan compilation keeps ~3.5 MB of the node binary's code resident.
// Until then what the keys alone start (typing, a paste, a picker) runs in the interpreter: a 2.7 MB
// paste drew in 16 ms instead of 9 (bench/editor.bench.mjs with the held flags).
import { Stages } from "../contracts/stages.js";
import { definePlugin, type PluginApi, type PluginDef } from "../kernel/index.js";
import { releaseOptimizer } from "./optimizer-hold.js";

/** `releaseHold` is the release itself (tests watch when it comes). */
export function optimizerReleasePlugin(releaseHold: () => void = releaseOptimizer): PluginDef {
  return definePlugin({
    name: "optimizer-release",
    setup: (api) => {
      let held = true;
      const taps: (() => void)[] = [];
      const release = () => {
        if (!held) return;
        held = false;
        releaseHold();
        for (const off of taps.splice(0)) off();
      };
      api.on(
        "boot",
        (b) => {
          if (b.reason !== "startup" || !startsIdle(api.flags)) return release();
          taps.push(
            api.on("input", () => release(), { stage: Stages.OPTIMIZER_RELEASE }),
            api.on("event", (e) => void (e.type === "agent_start" && release())),
          );
        },
        { stage: Stages.OPTIMIZER_RELEASE },
      );
    },
  });
}

/** An interactive session with nothing to load: no session to resume, fork or pick (`--no-session` is `session: false`). */
function startsIdle(f: PluginApi["flags"]): boolean {
  return (
    f.mode === "interactive" && f.continue !== true && f.resume !== true && typeof f.session !== "string" && typeof f.fork !== "string"
  );
}
