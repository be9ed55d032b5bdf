// The loopback LLM simulator lives in demo/simulator (it ships for `pi demo`); tests import it here.
export * from "../../../demo/simulator/index.d.mts";
