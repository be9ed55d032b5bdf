import type { Turn } from "./index.mjs";

/** A normalised turn (demo/simulator/turns.mjs): what the formats' `frames` take. */
export type NormalizedTurn = Record<string, unknown>;
/** Every SSE frame of one turn, in order. */
export type Frames = (turn: NormalizedTurn, body: Record<string, unknown>, responseId: string, path: string) => string[];

export const anthropicFrames: Frames;
export const geminiFrames: Frames;
export const openaiFrames: Frames;
export const responsesFrames: Frames;
export function normalizeTurn(turn: Turn, body: Record<string, unknown>, nextId: () => string): NormalizedTurn;
