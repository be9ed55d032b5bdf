// A setup file (vitest.config.ts): test files share their worker process with the files before and
// after them (`isolate: false`), so what a file changes in the process is put back when it ends: the
// environment (HOME, PATH, API keys, ...), the working directory and the exit code.
import { afterAll } from "vitest";

const env = { ...process.env };
const cwd = process.cwd();

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  if (process.cwd() !== cwd) process.chdir(cwd);
  process.exitCode = undefined;
});
