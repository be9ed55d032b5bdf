// What the agent tells V8's heap (and the C allocator under it) about the work ahead: plain library code, no plugin setup.
export { freedMemoryKept, keepFreedMemory } from "./freed-memory.js";
export { holdYoungGeneration, youngGenerationHolders } from "./young-generation.js";
