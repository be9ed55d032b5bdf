// What the agent tells V8's heap about the work ahead: plain library code, no plugin setup.
export { holdYoungGeneration, youngGenerationHolders } from "./young-generation.js";
