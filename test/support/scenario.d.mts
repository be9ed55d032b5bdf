import type { Turn } from "./simulator/index.mjs";
export const ANSWER: string;
export function makeProject(simUrl: string): { root: string; project: string; agentDir: string };
export function writeTwoModels(agentDir: string, simUrl: string): void;
export function scenarioTurns(): Turn[];
