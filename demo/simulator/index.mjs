// The loopback LLM simulator: see index.d.mts for the API and the turn and fault shapes.
export { startSimulator } from "./server.mjs";
