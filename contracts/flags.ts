// The flags of the `pi` command itself (cli/args.ts parses them with commander), merged into the
// kernel's `Flags` so `api.flags.model` is typed; plugins add theirs the same way next to their
// service contract (`permissionMode` in permissions.ts, `sandbox` in shell-sandbox.ts) and
// declare them in their definition (`definePlugin({ flags: { ... } })`) for `pi --help` and the
// CLI's check. A flag given on the command line that nobody declares stops the run (exit 2).

declare module "pi-kernel" {
  interface Flags {
    /** The surface: "print", "json", "rpc", "acp", "interactive" (set by the CLI), or "subagent". */
    mode: string;
    print: boolean;
    provider: string;
    model: string;
    apiKey: string;
    thinking: string;
    systemPrompt: string;
    appendSystemPrompt: string[];
    continue: boolean;
    resume: boolean;
    /** A path or id; false with --no-session. */
    session: string | false;
    fork: string;
    sessionDir: string;
    models: string;
    skill: string[];
    skills: boolean;
    promptTemplate: string[];
    promptTemplates: boolean;
    /** --theme paths (false from an SDK caller: none). */
    theme: string[] | false;
    themes: boolean;
    ui: string;
    export: string;
    listModels: string | true;
    /** A comma-separated allowlist, or false with --no-tools. */
    tools: string | false;
    builtinTools: boolean;
    extension: string[];
    extensions: boolean;
    contextFiles: boolean;
    packages: string;
    trust: boolean;
    verbose: boolean;
    offline: boolean;
    /** Set by the composition root for a child agent (the subagents plugin). */
    subagentDepth: number;
    /** Set by `pi mcp list`. */
    mcpList: boolean;
  }
}
export {};
