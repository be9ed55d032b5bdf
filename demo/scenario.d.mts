import type { Turn } from "./simulator/index.d.mts";

export const DEMO_FILE: string;
export const DEMO_FILES: Record<string, string>;
export const DEMO_PROMPT: string;
export const CONNECT: string;
export function demoTurns(): Turn[];
export function afterDemoTurn(): Turn;
