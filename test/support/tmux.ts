// Driving programs in a real terminal: a private tmux server (its own socket), keys in with
// send-keys, the screen back with capture-pane. Needs tmux (apt package "tmux").
import { execFileSync, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { makeProject } from "./scenario.mjs";
import { startSimulator, type Simulator } from "./simulator/index.mjs";

export const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

export interface Tmux {
  run(...args: string[]): string;
  capture(session: string): string;
  /** Named keys ("Enter", "C-z"). */
  keys(session: string, ...keys: string[]): void;
  /** Literal text. */
  type(session: string, text: string): void;
  waitForPane(session: string, match: RegExp | ((pane: string) => boolean), ms?: number): Promise<string>;
  /** Ends the server and every session in it. */
  kill(): void;
}

export function tmuxServer(name: string): Tmux {
  const socket = `${name}-${process.pid}`;
  const run = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  const capture = (session: string) => run("capture-pane", "-p", "-t", session);
  return {
    run,
    capture,
    keys: (session, ...keys) => void run("send-keys", "-t", session, ...keys),
    type: (session, text) => void run("send-keys", "-t", session, "-l", text),
    async waitForPane(session, match, ms = 10_000) {
      const end = Date.now() + ms;
      for (;;) {
        const text = capture(session);
        if (typeof match === "function" ? match(text) : match.test(text)) return text;
        if (Date.now() > end) throw new Error(`pane did not match ${match}:\n${text}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    kill() {
      try {
        run("kill-server");
      } catch {
        /* already gone */
      }
    },
  };
}

/** The simulator and a project whose agent dir points at it, for running the real `pi`. */
export interface SimProject {
  sim: Simulator;
  root: string;
  project: string;
  agentDir: string;
  close(): Promise<void>;
}

export async function simProject(): Promise<SimProject> {
  const sim = await startSimulator();
  const dirs = makeProject(sim.url);
  return {
    sim,
    ...dirs,
    async close() {
      await sim.close();
      rmSync(dirs.root, { recursive: true, force: true });
    },
  };
}

/**
 * One simulator project for a describe block, made before its tests; after them, `done` runs (kill the block's tmux
 * server) and the project goes. Its fields are read when a test runs.
 */
export function suiteProject(done: () => void): SimProject {
  let p: SimProject | undefined;
  beforeAll(async () => {
    p = await simProject();
  });
  afterAll(async () => {
    done();
    await p?.close();
  });
  const get = (): SimProject => {
    if (!p) throw new Error("the project is made in beforeAll");
    return p;
  };
  return {
    get sim() {
      return get().sim;
    },
    get root() {
      return get().root;
    },
    get project() {
      return get().project;
    },
    get agentDir() {
      return get().agentDir;
    },
    close: () => get().close(),
  };
}
