// Commands that run another command: what they run, so a rule about `rm` also sees it in
// `sudo rm`, `env X=1 nice -n 5 rm`, `xargs rm`, `find -exec rm`, `bash -c 'rm …'` or `eval 'rm …'`.
// Each wrapper's own options are skipped the way the real program reads them; when a word the
// reading depends on is only known at run time, the result is "unknown" (asked, never allowed).
export interface Word {
  /** The value when the source alone fixes it. */
  value?: string;
  /** The word as written. */
  text: string;
}

export type Unwrapped =
  /** Runs argv; `transparent`: only changes how it runs (time, nice, env), so an allow rule need not name the wrapper. */
  | { kind: "command"; argv: Word[]; transparent: boolean; assignments?: string[] }
  /** Runs these words, joined by spaces, as shell code. */
  | { kind: "code"; code: Word[] }
  /** Runs each argv (find's -exec, -execdir, -ok, -okdir). */
  | { kind: "each"; argvs: Word[][] }
  /** A shell reading its commands from its standard input. */
  | { kind: "stdin" }
  | { kind: "unknown"; why: string };

interface Options {
  /** Options that take a value in the next word (unless attached: `-n5`, `--user=x`). */
  value?: string[];
  /** Options after which no command is run (`command -v`, `sudo -l`). */
  query?: string[];
  /** Options whose value is shell code (`env -S`, `su -c`, `flock -c`). */
  code?: string[];
  /** Positional words before the command (timeout's duration, flock's file, chroot's root). */
  before?: number;
  transparent?: boolean;
  /** What runs when no command is given: nothing (undefined), or a shell on stdin. */
  bare?: "stdin";
  /** env: NAME=value words before the command. */
  assignments?: boolean;
}

const WRAPPERS: Record<string, Options> = {
  command: { query: ["-v", "-V"], transparent: true },
  builtin: { transparent: true },
  exec: { value: ["-a"], transparent: true },
  env: {
    value: ["-u", "--unset", "-C", "--chdir"],
    code: ["-S", "--split-string"],
    assignments: true,
    transparent: true,
  },
  time: { value: ["-f", "--format", "-o", "--output"], transparent: true },
  nice: { value: ["-n", "--adjustment"], transparent: true },
  nohup: { transparent: true },
  timeout: { value: ["-s", "--signal", "-k", "--kill-after"], before: 1, transparent: true },
  stdbuf: { value: ["-i", "--input", "-o", "--output", "-e", "--error"], transparent: true },
  setsid: { transparent: true },
  ionice: { value: ["-c", "--class", "-n", "--classdata"], query: ["-p", "--pid", "-P", "--pgid", "-u", "--uid"], transparent: true },
  xargs: {
    value: ["-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars"],
  },
  sudo: {
    value: ["-u", "--user", "-g", "--group", "-C", "--close-from", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "--role"],
    query: ["-l", "--list", "-e", "--edit", "-v", "--validate", "-k", "-K", "-V"],
    bare: "stdin",
  },
  doas: { value: ["-u", "-C"], bare: "stdin" },
  su: { value: ["-g", "--group", "-s", "--shell"], code: ["-c", "--command"], before: 1, bare: "stdin" },
  flock: { value: ["-w", "--timeout", "-E", "--conflict-exit-code"], code: ["-c", "--command"], before: 1 },
  chroot: { value: ["--userspec", "--groups"], before: 1, bare: "stdin" },
  watch: { value: ["-n", "--interval", "-d"] },
};

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "busybox"]);

/** What `name args…` runs besides itself; undefined when it runs nothing else. */
export function unwrap(name: string, args: Word[]): Unwrapped | undefined {
  if (SHELLS.has(name)) return shell(name === "busybox" && args[0]?.value === "sh" ? args.slice(1) : args, name);
  if (name === "eval") return args.length ? { kind: "code", code: args } : undefined;
  if (name === "trap") return trap(args);
  if (name === "alias") return aliases(args);
  if (name === "watch") return watch(args);
  if (name === "find") return findExec(args);
  if (name === "coproc") return coproc(args);
  const spec = WRAPPERS[name];
  return spec && wrapped(name, args, spec);
}

function wrapped(name: string, args: Word[], spec: Options): Unwrapped | undefined {
  const assignments: string[] = [];
  let positional = 0;
  for (let i = 0; i < args.length; i++) {
    const word = args[i].value;
    if (word === undefined) return { kind: "unknown", why: `${name}'s argument ${args[i].text} is only known when it runs` };
    if (word === "--") return command(args.slice(i + 1 + (spec.before ?? 0)), spec, assignments);
    if (word.startsWith("-") && word.length > 1 && positional === 0) {
      const [option, attached] = word.startsWith("--") ? splitLong(word) : [word.slice(0, 2), word.slice(2) || undefined];
      if (spec.query?.includes(option)) return undefined;
      if (spec.code?.includes(option)) {
        const code = attached !== undefined ? { value: attached, text: attached } : args[i + 1];
        return code
          ? { kind: "code", code: [code, ...(option === "-S" || option === "--split-string" ? args.slice(i + 2) : [])] }
          : undefined;
      }
      if (spec.value?.includes(option) && attached === undefined) i++;
      continue;
    }
    if (spec.assignments && positional === 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      assignments.push(args[i].text);
      continue;
    }
    if (positional < (spec.before ?? 0)) {
      positional++;
      continue;
    }
    return command(args.slice(i), spec, assignments);
  }
  // xargs without a command runs echo.
  return name === "xargs" ? command([{ value: "echo", text: "echo" }], spec, []) : command([], spec, assignments);
}

function command(argv: Word[], spec: Options, assignments: string[]): Unwrapped | undefined {
  if (argv.length === 0) return spec.bare === "stdin" ? { kind: "stdin" } : undefined;
  return { kind: "command", argv, transparent: spec.transparent === true, ...(assignments.length && { assignments }) };
}

function splitLong(word: string): [string, string | undefined] {
  const eq = word.indexOf("=");
  return eq < 0 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1)];
}

/** `bash -c CODE`, `sh -ec CODE`, `bash script.sh` (runs a file: nothing to unwrap), `bash` (reads stdin). */
function shell(args: Word[], name: string): Unwrapped | undefined {
  let code = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i].value;
    if (word === undefined) return { kind: "unknown", why: `${name}'s argument ${args[i].text} is only known when it runs` };
    if (word === "--" || word === "-") return code ? codeAt(args, i + 1) : args[i + 1] ? undefined : { kind: "stdin" };
    if (/^--(rcfile|init-file)$/.test(word) || /^[-+][oO]$/.test(word)) i++;
    else if (/^[-+][A-Za-z]+$/.test(word)) code ||= word.startsWith("-") && word.includes("c");
    else if (!word.startsWith("--")) return code ? codeAt(args, i) : undefined;
  }
  return code ? { kind: "unknown", why: `${name} -c has no command` } : { kind: "stdin" };
}

function codeAt(args: Word[], i: number): Unwrapped {
  return args[i] ? { kind: "code", code: [args[i]] } : { kind: "unknown", why: "a shell's -c has no command" };
}

/** `trap 'CODE' SIGNAL…` runs CODE later. */
function trap(args: Word[]): Unwrapped | undefined {
  const first = args[0]?.value === "--" ? 1 : 0;
  const code = args[first];
  if (!code || args.length - first < 2 || code.value === "-" || code.value?.startsWith("-")) return undefined;
  return { kind: "code", code: [code] };
}

/** `alias ls='rm -rf'` defines code a later line may run. */
function aliases(args: Word[]): Unwrapped | undefined {
  const bodies = args.filter((a) => a.value === undefined || a.value.includes("="));
  if (bodies.some((a) => a.value === undefined)) return { kind: "unknown", why: "an alias whose value is only known when it runs" };
  const code = bodies.map((a) => a.value!.slice(a.value!.indexOf("=") + 1)).join("\n");
  return code ? { kind: "code", code: [{ value: code, text: code }] } : undefined;
}

/** `watch [options] COMMAND…` joins its words and runs them with sh -c. */
function watch(args: Word[]): Unwrapped | undefined {
  const spec = WRAPPERS.watch;
  for (let i = 0; i < args.length; i++) {
    const word = args[i].value;
    if (word === undefined) return { kind: "unknown", why: `watch's argument ${args[i].text} is only known when it runs` };
    if (!word.startsWith("-")) return { kind: "code", code: args.slice(i) };
    if (spec.value?.includes(word)) i++;
  }
  return undefined;
}

const EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** find's -exec family, each up to its `;` or `+`. */
function findExec(args: Word[]): Unwrapped | undefined {
  const argvs: Word[][] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i].value;
    // A word known only at run time could be a hidden -exec if a terminator follows it.
    if (word === undefined && args.slice(i + 1).some((a) => a.value === undefined || a.value === ";" || a.value === "+"))
      return { kind: "unknown", why: `find's argument ${args[i].text} is only known when it runs` };
    if (word === undefined || !EXEC.has(word)) continue;
    const end = args.findIndex((a, j) => j > i && (a.value === ";" || a.value === "+"));
    const argv = args.slice(i + 1, end < 0 ? args.length : end);
    if (argv.length) argvs.push(argv);
    i = end < 0 ? args.length : end;
  }
  return argvs.length ? { kind: "each", argvs } : undefined;
}

/** `coproc cmd args…` runs cmd; `coproc NAME { …; }` is a form tree-sitter-bash does not read. */
function coproc(args: Word[]): Unwrapped | undefined {
  if (args.some((a) => a.value === undefined || a.value === "{" || a.value === "(" || a.value === "}"))
    return { kind: "unknown", why: "coproc with a name or a compound command" };
  return args.length ? { kind: "command", argv: args, transparent: true } : undefined;
}
