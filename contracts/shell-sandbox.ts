// The "shellSandbox" service (provided by the sandbox plugin): how shell commands are wrapped
// before they are spawned. The bash tool (tools-core), the user's `!cmd` (user-bash), ACP's
// client-terminal bash and hooks that run commands ask it for every command; without a provider,
// commands run as they are. The wrapper is a plain argv: any spawner can put it in front.

export interface ShellSandboxService {
  /**
   * The argv to put before `<shell> -c <command>` for a command run in `cwd` (e.g. `bwrap ... --`);
   * empty when commands run unsandboxed. Rejects, with an error saying what to do, when the
   * sandbox is on but cannot start: the caller must not run the command then (fail closed).
   */
  wrapper(cwd: string): Promise<string[]>;
  /**
   * Whether commands are sandboxed (or refused) rather than run as they are. A spawner that cannot
   * put the wrapper in front of its command (an ACP client's terminal) runs it locally then.
   */
  active(): boolean;
  /** A note for a failed command whose output looks like the sandbox blocked it; undefined otherwise. */
  explain(output: string): string | undefined;
}

declare module "pi-kernel" {
  interface Flags {
    /** --sandbox [mode] (declared by the sandbox plugin): "off", "read-only" or "workspace-write". */
    sandbox: string | true;
  }
  interface Settings {
    /** Declared (with its schema) by the sandbox plugin. */
    sandbox: { mode?: string; network?: boolean; allowWrite?: string[] };
  }
  interface Services {
    shellSandbox: ShellSandboxService;
  }
}
