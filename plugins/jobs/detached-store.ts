// Detached jobs outlive the agent; this file remembers them so a resumed session lists them again
// while they are alive. One JSON file in the agent dir (`jobs/detached.json`), rewritten whole
// (it stays tiny: dead entries are dropped each time it is read). A pid is only trusted again when
// the process behind it still runs the job's command, so a recycled pid is never adopted (or killed).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isAlive } from "../../lib/tool-kit/index.js";
import type { JobRecord } from "./job.js";

interface Entry {
  sessionId: string;
  record: JobRecord;
}

const file = (agentDir: string) => join(agentDir, "jobs", "detached.json");

function read(agentDir: string): Entry[] {
  try {
    const data = JSON.parse(readFileSync(file(agentDir), "utf8")) as { jobs?: Entry[] };
    return Array.isArray(data.jobs) ? data.jobs.filter((e) => e && typeof e.record?.pid === "number") : [];
  } catch {
    return [];
  }
}

function write(agentDir: string, entries: Entry[]): void {
  const path = file(agentDir);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(`${path}.tmp`, `${JSON.stringify({ jobs: entries }, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

function stillOurs(record: JobRecord): boolean {
  if (!isAlive(record.pid)) return false;
  try {
    const args = process
      .getBuiltinModule("node:child_process")
      .execFileSync("ps", ["-ww", "-o", "args=", "-p", String(record.pid)], { encoding: "utf8" });
    return args.includes(record.command);
  } catch {
    return false;
  }
}

export function rememberDetached(agentDir: string, sessionId: string, record: JobRecord): void {
  write(agentDir, [...read(agentDir).filter((e) => stillOurs(e.record)), { sessionId, record }]);
}

/** The live detached jobs of `sessionId`; entries of dead jobs are dropped from the file. */
export function detachedJobs(agentDir: string, sessionId: string): JobRecord[] {
  const all = read(agentDir);
  const alive = all.filter((e) => stillOurs(e.record));
  if (alive.length !== all.length) {
    try {
      write(agentDir, alive);
    } catch {
      // read-only agent dir: the list is still right for this run
    }
  }
  return alive.filter((e) => e.sessionId === sessionId).map((e) => e.record);
}
