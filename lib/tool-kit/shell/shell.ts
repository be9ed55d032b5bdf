// Which shell runs bash commands: the user's own when it speaks POSIX sh syntax (so their PATH
// setup applies), since the model writes sh/bash syntax; fish, nu and the like do not qualify.
import { existsSync } from "node:fs";
import { basename } from "node:path";

const SH_LIKE = /^(bash|zsh|sh|dash|ksh|mksh|ash)$/;

export function pickShell(env: NodeJS.ProcessEnv = process.env): string {
  const user = env.SHELL;
  if (user && SH_LIKE.test(basename(user)) && existsSync(user)) return user;
  if (existsSync("/bin/bash")) return "/bin/bash";
  return "sh";
}
