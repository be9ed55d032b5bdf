// The simulator's wire formats (demo/simulator), for tests that need a turn's frames as bytes
// without a server: each format's `frames(turn, body, responseId, path)` and the turn normaliser.
export { frames as anthropicFrames } from "../../../demo/simulator/anthropic.mjs";
export { frames as geminiFrames } from "../../../demo/simulator/gemini.mjs";
export { frames as openaiFrames } from "../../../demo/simulator/openai.mjs";
export { frames as responsesFrames } from "../../../demo/simulator/responses.mjs";
export { normalizeTurn } from "../../../demo/simulator/turns.mjs";
