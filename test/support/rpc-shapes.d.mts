import type { Simulator } from "./simulator/index.mjs";

type Shape = string | Shape[] | { [key: string]: Shape };
type Response = Record<string, unknown> & { type: "response"; success: boolean };

export const RPC_SHAPE_STEPS: { name: string; settle?: boolean }[];
export function prepareShapeProject(agentDir: string): void;
export function runRpcShapeSteps(
  sim: Simulator,
  send: (command: Record<string, unknown>) => Promise<Response>,
  settled: () => Promise<unknown>,
): Promise<Record<string, Response>>;
export function shapeOf(value: unknown): Shape;
