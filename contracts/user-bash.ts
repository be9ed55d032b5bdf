// The "userBash" service (provided by user-bash): the user's own `!cmd` / `!!cmd` runs, which
// extensions may intercept (pi's user_bash event) or run elsewhere.

/** pi's BashResult. */
export interface BashResult {
  output: string;
  exitCode: number | null;
  cancelled: boolean;
  truncated: boolean;
  fullOutputPath?: string;
}

/** pi's BashOperations: how a command runs (an extension may run it elsewhere, e.g. over SSH). */
export interface BashOperations {
  exec(
    command: string,
    cwd: string,
    o: { onData(data: Buffer): void; signal?: AbortSignal; timeout?: number; env?: NodeJS.ProcessEnv },
  ): Promise<{ exitCode: number | null }>;
}

/** What an interceptor (pi's `user_bash` handlers) may answer: a finished result, or other operations. */
export type Interception = { result: BashResult } | { operations: BashOperations } | undefined;
export type Interceptor = (event: { command: string; excludeFromContext: boolean; cwd: string }) => Promise<Interception>;

export interface RunOptions {
  /** `!!cmd`: run it, but keep it out of the model's context. */
  excludeFromContext?: boolean;
  /** Called as output arrives, with the (bounded) tail so far. */
  onData?(tail: string): void;
  signal?: AbortSignal;
}

export interface UserBashService {
  readonly running: boolean;
  abort(): void;
  /** Asked in order before a command runs; the first answer wins. Returns the removal. */
  intercept(fn: Interceptor): () => void;
  run(command: string, opts?: RunOptions): Promise<BashResult>;
}

declare module "pi-kernel" {
  interface Services {
    userBash: UserBashService;
  }
}
