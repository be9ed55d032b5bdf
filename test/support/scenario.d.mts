import type { Turn } from "./simulator/index.mjs";
export const ANSWER: string;
export function makeProject(simUrl: string): { root: string; project: string; agentDir: string };
export function writeTwoModels(agentDir: string, simUrl: string): void;
/** models.json with one simulator model per wire format (a/, r/, g/, c/ m-<api>), all keyed with `apiKey`. */
export function writeApiModels(agentDir: string, simUrl: string, apiKey: string): void;
export function scenarioTurns(): Turn[];
