// Lifts the start-up cap on V8's optimizing compiler (compose/optimizer-hold.ts) first thing at
// boot: a resumed session's parsing, the requests, the streams and the tools run with TurboFan.
import { Stages } from "../contracts/stages.js";
import { definePlugin, type PluginDef } from "../kernel/index.js";
import { releaseOptimizer } from "./optimizer-hold.js";

export function optimizerReleasePlugin(): PluginDef {
  return definePlugin({
    name: "optimizer-release",
    setup: (api) => {
      api.on("boot", () => releaseOptimizer(), { stage: Stages.OPTIMIZER_RELEASE });
    },
  });
}
