// One simulator per describe block and throw-away projects pointing at it (makeProject), all
// removed after the block: the setup end-to-end tests share.
import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { makeProject } from "./scenario.mjs";
import { startSimulator, type Simulator } from "./simulator/index.mjs";

export interface SimProjects {
  readonly sim: Simulator;
  project(): { root: string; project: string; agentDir: string };
}

export function simProjects(): SimProjects {
  let sim: Simulator | undefined;
  const roots: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(async () => {
    await sim?.close();
    for (const r of roots) rmSync(r, { recursive: true, force: true });
  });
  return {
    get sim() {
      return sim!;
    },
    project() {
      const p = makeProject(sim!.url);
      roots.push(p.root);
      return p;
    },
  };
}
