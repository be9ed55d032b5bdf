// Helpers for the headless modes (print/JSON and RPC), the one entry point they import: pi's JSON
// event lines, strict JSONL framing, the stdout guard, signal handling, the thinking-level clamp
// for the current model, the last assistant text, models without their secret headers, pi-kernel's
// own version, and dialogs shared by several UI surfaces (the terminal and `/ui web`'s clients).
export { jsonLine, readJsonl } from "./jsonl.js";
export { eventLine, toPiEvent } from "./pi-events.js";
export { type Abortable, exitOnSignals } from "./signals.js";
export { type GuardedStdout, guardStdout, restoreStdout, takeOverStdout, writeRunOutput } from "./stdout.js";
export { availableThinkingLevels, clampThinkingLevel } from "./thinking.js";
export { lastAssistantText } from "./last-assistant-text.js";
export { publicModel } from "./public-model.js";
export { ownVersion } from "./own-version.js";
export { shareDialogs } from "./shared-dialogs.js";
