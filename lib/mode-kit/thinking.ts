// Which thinking levels a model offers and the clamp to them: the kernel's rules (pi's), which
// the agent itself applies to every level it is given.
export { availableThinkingLevels, clampThinkingLevel } from "pi-kernel";
