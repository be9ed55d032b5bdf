// The loopback LLM simulator lives in demo/simulator (it ships for `pi demo`); tests import it here.
export { startSimulator } from "../../../demo/simulator/index.mjs";
