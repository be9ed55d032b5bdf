// Gives V8 its optimizing compiler back (held while the image loads: compose/optimizer-hold.ts).
//
// Most runs get it first thing at boot: a resumed session's parsing, the requests, the streams and
// the tools run with TurboFan as they always did (held through a resume of 100,000 entries, the
// parse took 2.6x the CPU). An interactive session that starts empty keeps the hold through its first
// frame and the indexes' warm-up (stage WARM), which call the path functions start-up made hot, so an
// idle session never pays for a TurboFan compilation (~4 MB of the node binary's code, resident from
// then on). The hold ends as soon as there is work: the first input (a prompt, a command such as
// /resume), the first turn (an extension's message starts one too), or RELEASE_AFTER_MS after boot at the
// latest, for what the keys alone start (a paste, a picker).
import { Stages } from "../contracts/stages.js";
import { definePlugin, type PluginApi, type PluginDef } from "../kernel/index.js";
import { releaseOptimizer } from "./optimizer-hold.js";

/** After the first frame, the warm-up and idle-trim's collection (~2 s after the frame); before anyone measures idle. */
const RELEASE_AFTER_MS = 3_000;

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
          setTimeout(release, RELEASE_AFTER_MS).unref();
        },
        { stage: Stages.OPTIMIZER_RELEASE },
      );
    },
  });
}

/** An interactive session with nothing to load: no session to resume, fork or pick. */
function startsIdle(f: PluginApi["flags"]): boolean {
  return f.mode === "interactive" && f.continue !== true && f.resume !== true && f.session === undefined && f.fork === undefined;
}
